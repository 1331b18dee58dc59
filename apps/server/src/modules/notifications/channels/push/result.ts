/** What one push token's send came to; push.ts folds these into the channel's SendResult. */
export interface TokenResult {
  provider: 'webpush' | 'fcm' | 'apns';
  outcome: 'sent' | 'failed' | 'skipped';
  answer: string;
  retryable: boolean;
  /** The provider said the token is dead for good: it is removed. */
  invalidToken: boolean;
}

/** Push messages are small (4 KB at every provider): the body is cut to this many characters. */
export const PUSH_BODY_MAX_CHARS = 1000;
/** How long a push service keeps a message for an offline device: an alert a day late is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** HTTP answers a later attempt may fix (RFC 8030 §8, FCM and APNs error tables): rate limits and server errors. */
export const retryableStatus = (status: number) => status === 429 || status >= 500;

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A network failure (refused, reset, timed out) is always worth another try. */
export function networkFailure(provider: TokenResult['provider'], error: unknown): TokenResult {
  const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
  return { provider, outcome: 'failed', answer: `${provider}: ${reason}`, retryable: true, invalidToken: false };
}
