import { ErrorCode, postAppleNotification } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { badField, HttpError } from '../../../kernel/http/errors.ts';
import { mount } from '../../../kernel/http/route.ts';
import { applyAppleNotification } from './service.ts';
import { AppleSignatureError, createAppleVerifier } from './verifier.ts';

export const APPLE_OFF_MESSAGE =
  'App Store notifications are not set up on this server (APPLE_ROOT_CERTS, APPLE_BUNDLE_ID, APPLE_PRODUCT_IDS).';

/**
 * App Store Server Notifications V2 (decision 0022): public, verified with Apple's library against the
 * configured roots. Registered inside the payment routes, so billing off turns it off too.
 */
export async function appleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const verifier = createAppleVerifier(ctx.config);
  mount(app, postAppleNotification, async (req) => {
    // After the body's check: a malformed request is a 400 whether or not the App Store is set up.
    if (!verifier) throw new HttpError(503, ErrorCode.unavailable, APPLE_OFF_MESSAGE);
    let decoded: Awaited<ReturnType<typeof verifier.decode>>;
    try {
      decoded = await verifier.decode(req.body.signedPayload);
    } catch (error) {
      if (error instanceof AppleSignatureError) throw badField('body.signedPayload', `refused: ${error.message}`);
      throw error;
    }
    return applyAppleNotification(ctx, verifier, decoded, req.log);
  });
}
