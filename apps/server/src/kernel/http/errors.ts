import { type ErrorBody, ErrorCode } from '@eh/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Thrown by services for every expected failure; the error handler turns it into the one error shape. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: unknown;
  constructor(statusCode: number, code: string, message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const notFound = (message: string) => new HttpError(404, ErrorCode.notFound, message);
export const forbidden = (message: string) => new HttpError(403, ErrorCode.forbidden, message);
/** A 400 naming the field, for rules a contract cannot check (they need the database, the caller or defaults). */
export const badField = (field: string, message: string) =>
  new HttpError(400, ErrorCode.validation, `${field}: ${message}`, [{ field, message }]);

const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'path', headers: 'header' };

/** Fastify's own codes for requests that never reach a handler. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.malformedBody,
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.malformedBody,
    message: "Body cannot be empty when content-type is 'application/json'",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.payloadTooLarge, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.malformedBody,
    message: 'Content-Length does not match the body',
  },
  // The file server's refusal of a file name it cannot vouch for (too long for the disk, `..`): no such file.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, code: ErrorCode.notFound, message: 'No such file' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.unsupportedMediaType,
    message: 'Unsupported content type; send application/json',
  },
};

/** Seconds a client is asked to wait when a dependency (the database) is briefly gone. */
export const RETRY_AFTER_SECONDS = 5;

/** pg error classes and codes that say the connection, not the query, failed. */
const CONNECTION_ERROR_CODES = new Set([
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now (starting up, shutting down)
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and its pool say these in words, without a code. */
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|terminating connection/i;

/**
 * The one place that tells a lost or refused database connection (answered 503, retried by the worker) from a
 * failing query (a bug, answered 500). Drizzle wraps driver errors, so the causes are followed.
 */
export function isConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_ERROR_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.test(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Requests Fastify refuses before routing (an address with a broken percent-encoding), which the error handler
 * never sees: the same one error shape as every other failure, instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL')
    return send(reply, 400, {
      message: 'The address is not valid: it has a malformed percent-encoding',
      code: ErrorCode.validation,
    });
  return send(reply, error.statusCode ?? 400, { message: error.message, code: ErrorCode.validation });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = PART_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
      const issues = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: field ? `${part}.${field}` : part, message: v.message ?? 'is invalid' };
      });
      const first = issues[0];
      const message = first ? `${first.field}: ${first.message}` : 'Invalid request';
      return send(reply, 400, { message, code: ErrorCode.validation, details: issues });
    }
    if (error instanceof HttpError) {
      return send(reply, error.statusCode, {
        message: error.message,
        code: error.code,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (isConnectionError(error)) {
      // Logged once per outage by the database handle's listener, not once per request.
      request.server.ctx.database.markUnreachable(error);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, {
        message: 'The service is briefly unavailable; try again in a few seconds',
        code: ErrorCode.unavailable,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, { message: known.message, code: known.code });
    if (error.statusCode === 429) {
      return send(reply, 429, { message: error.message, code: ErrorCode.rateLimited });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { message: error.message, code: error.code ?? ErrorCode.validation });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: 'Internal server error', code: ErrorCode.internal });
  });
}
