/**
 * FCM HTTP v1. The service account signs a JWT (RS256; iss = client_email, aud = token_uri, the messaging scope)
 * that Google's token endpoint exchanges for an OAuth2 access token (RFC 7523), kept until shortly before it
 * expires; then POST {FCM_BASE_URL}/v1/projects/{id}/messages:send with the message.
 * Error table (firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode): UNREGISTERED, and INVALID_ARGUMENT aimed at
 * the token, mean the token is dead (removed); QUOTA_EXCEEDED (429), UNAVAILABLE (503) and INTERNAL (500) are retried;
 * the rest (SENDER_ID_MISMATCH, THIRD_PARTY_AUTH_ERROR, other INVALID_ARGUMENT) are failures of ours or the config.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { ServiceAccount } from '../../../../config.ts';
import type { AppContext } from '../../../../kernel/context.ts';
import { networkFailure, PUSH_TTL_SECONDS, retryableStatus, type TokenResult } from './result.ts';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** An access token is dropped this long before Google's expiry, so none expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;

const accessTokens = new Map<string, { token: string; expiresAt: number }>();

export interface PushContent {
  title: string;
  body: string;
  url: string;
  data: Record<string, string>;
}

async function accessToken(ctx: AppContext, account: ServiceAccount): Promise<string> {
  const key = `${account.client_email} ${account.token_uri}`;
  const cached = accessTokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const privateKey = await importPKCS8(account.private_key, 'RS256');
  const assertion = await new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.private_key_id ? { kid: account.private_key_id } : {}),
    })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const res = await fetch(account.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_GRANT, assertion }),
    signal: AbortSignal.timeout(ctx.config.PROVIDER_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || typeof json.access_token !== 'string') {
    throw new FcmAuthError(res.status, json.error ?? `token endpoint answered ${res.status}`);
  }
  const lifetime = (typeof json.expires_in === 'number' ? json.expires_in : 3600) * 1000;
  accessTokens.set(key, { token: json.access_token, expiresAt: Date.now() + lifetime - EXPIRY_MARGIN_MS });
  return json.access_token;
}

class FcmAuthError extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

export async function sendFcm(ctx: AppContext, token: string, content: PushContent): Promise<TokenResult> {
  const account = ctx.config.FCM_SERVICE_ACCOUNT;
  if (!account) {
    return {
      provider: 'fcm',
      outcome: 'skipped',
      answer: 'FCM is not configured (FCM_SERVICE_ACCOUNT)',
      retryable: false,
      invalidToken: false,
    };
  }
  const project = ctx.config.FCM_PROJECT_ID ?? account.project_id;
  let bearer: string;
  try {
    bearer = await accessToken(ctx, account);
  } catch (error) {
    if (error instanceof FcmAuthError) {
      const answer = `fcm: OAuth token refused (${error.status} ${error.message})`;
      return {
        provider: 'fcm',
        outcome: 'failed',
        answer,
        retryable: retryableStatus(error.status),
        invalidToken: false,
      };
    }
    return networkFailure('fcm', error);
  }
  const message = {
    token,
    notification: { title: content.title, body: content.body },
    data: { ...content.data, url: content.url },
    android: { priority: 'HIGH', ttl: `${PUSH_TTL_SECONDS}s` },
  };
  let res: Response;
  try {
    res = await fetch(
      `${ctx.config.FCM_BASE_URL.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(project)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(ctx.config.PROVIDER_TIMEOUT_MS),
      },
    );
  } catch (error) {
    return networkFailure('fcm', error);
  }
  if (res.ok) {
    const { name } = (await res.json().catch(() => ({}))) as { name?: string };
    return {
      provider: 'fcm',
      outcome: 'sent',
      answer: `fcm ${res.status} ${name ?? ''}`.trim(),
      retryable: false,
      invalidToken: false,
    };
  }
  const { error } = (await res.json().catch(() => ({}))) as FcmErrorBody;
  const details = error?.details ?? [];
  const errorCode = details.find((d) => d.errorCode)?.errorCode ?? error?.status ?? 'UNKNOWN';
  const aimedAtToken =
    details.some((d) => d.fieldViolations?.some((v) => v.field === 'message.token')) ||
    /registration token/i.test(error?.message ?? '');
  const invalidToken = errorCode === 'UNREGISTERED' || (errorCode === 'INVALID_ARGUMENT' && aimedAtToken);
  // A refused access token is dropped so the next attempt signs in again.
  if (res.status === 401) accessTokens.delete(`${account.client_email} ${account.token_uri}`);
  const answer = `fcm ${res.status} ${errorCode}${error?.message ? `: ${error.message}` : ''}`;
  return {
    provider: 'fcm',
    outcome: 'failed',
    answer: invalidToken ? `${answer} (token removed)` : answer,
    // An expired access token (UNAUTHENTICATED) passes with a new one; THIRD_PARTY_AUTH_ERROR does not.
    retryable: retryableStatus(res.status) || error?.status === 'UNAUTHENTICATED',
    invalidToken,
  };
}
