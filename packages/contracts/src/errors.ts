import { z } from 'zod';

/** The one error shape of every failure (DESIGN §5); the client reads `message` (SPEC §8). */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  malformedBody: 'MALFORMED_BODY',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
