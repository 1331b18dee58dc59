/**
 * Web push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payload encryption, RFC 8291). `web-push` builds the
 * request (encrypted body, Authorization: vapid t=…, k=…, Content-Encoding, TTL); we send it with fetch, so the
 * timeout and the answer are ours. 404 and 410 mean the subscription is gone (removed); 429 and 5xx are retried.
 */
import type { WebPushSubscription } from '@eh/contracts';
import type webpush from 'web-push';
import type { AppContext } from '../../../../kernel/context.ts';
import { networkFailure, PUSH_TTL_SECONDS, retryableStatus, type TokenResult } from './result.ts';
import { vapidKeys } from './vapid.ts';

export async function sendWebPush(
  ctx: AppContext,
  subscription: WebPushSubscription,
  payload: string,
): Promise<TokenResult> {
  const keys = vapidKeys(ctx);
  if (!keys) {
    return {
      provider: 'webpush',
      outcome: 'skipped',
      answer: 'web push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)',
      retryable: false,
      invalidToken: false,
    };
  }
  // Loaded with the first push sent: most starts send none.
  const { default: webPush } = await import('web-push');
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webPush.generateRequestDetails(subscription, payload, {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
  } catch (error) {
    // A subscription web-push cannot encrypt for (its keys are not a P-256 point) is of no use to anyone.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      provider: 'webpush',
      outcome: 'failed',
      answer: `webpush: ${reason}`,
      retryable: false,
      invalidToken: true,
    };
  }
  let res: Response;
  try {
    res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(ctx.config.PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    return networkFailure('webpush', error);
  }
  // The status only: the endpoint is the user's to choose, so its words are not echoed into their delivery log.
  await res.body?.cancel().catch(() => undefined);
  const answer = `webpush ${res.status}`;
  if (res.ok) return { provider: 'webpush', outcome: 'sent', answer, retryable: false, invalidToken: false };
  const gone = res.status === 404 || res.status === 410;
  return {
    provider: 'webpush',
    outcome: 'failed',
    answer: gone ? `${answer} (subscription removed)` : answer,
    retryable: retryableStatus(res.status),
    invalidToken: gone,
  };
}
