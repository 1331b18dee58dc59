/**
 * APNs over HTTP/2 with token-based authentication (developer.apple.com, "Sending notification requests to APNs").
 * The provider token is an ES256 JWT (kid = APNS_KEY_ID, iss = APNS_TEAM_ID, iat) that Apple wants renewed at most
 * every 20 minutes and at least every hour: it is kept for 50. One HTTP/2 session per host is reused.
 * Answers: 200 sent; 410 Unregistered and 400 BadDeviceToken mean the token is dead (removed); 429 and 5xx are retried;
 * 403 ExpiredProviderToken renews the token and retries; anything else is a permanent failure.
 */
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { AppContext } from '../../../../kernel/context.ts';
import type { PushContent } from './fcm.ts';
import { networkFailure, PUSH_TTL_SECONDS, retryableStatus, type TokenResult } from './result.ts';

/** Apple: "refresh your token no more than once every 20 minutes and no less than once every 60 minutes". */
export const APNS_TOKEN_REUSE_MS = 50 * 60_000;

const providerTokens = new Map<string, { jwt: string; madeAt: number }>();
const sessions = new Map<string, ClientHttp2Session>();

async function providerToken(keyId: string, teamId: string, pem: string): Promise<string> {
  const key = `${teamId} ${keyId}`;
  const cached = providerTokens.get(key);
  if (cached && Date.now() - cached.madeAt < APNS_TOKEN_REUSE_MS) return cached.jwt;
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setIssuedAt()
    .sign(await importPKCS8(pem, 'ES256'));
  providerTokens.set(key, { jwt, madeAt: Date.now() });
  return jwt;
}

function session(host: string): ClientHttp2Session {
  const open = sessions.get(host);
  if (open && !open.closed && !open.destroyed) return open;
  const created = connect(host);
  // An idle session must not keep the process alive, and a broken one is replaced on the next send.
  created.unref();
  const forget = () => sessions.get(host) === created && sessions.delete(host);
  created.on('close', forget);
  created.on('error', forget);
  created.on('goaway', forget);
  sessions.set(host, created);
  return created;
}

/** Closes the reused HTTP/2 sessions (server stop, tests). */
export function closeApnsSessions(): void {
  for (const open of sessions.values()) open.close();
  sessions.clear();
}

interface Answer {
  status: number;
  body: string;
  apnsId: string | undefined;
}

function post(host: string, path: string, headers: Record<string, string>, body: string, timeoutMs: number) {
  return new Promise<Answer>((resolve, reject) => {
    const req = session(host).request({
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: path,
      ...headers,
    });
    let status = 0;
    let apnsId: string | undefined;
    const chunks: Buffer[] = [];
    req.setTimeout(timeoutMs, () => {
      req.close(constants.NGHTTP2_CANCEL);
      reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' }));
    });
    req.on('response', (h) => {
      status = Number(h[constants.HTTP2_HEADER_STATUS]);
      apnsId = typeof h['apns-id'] === 'string' ? h['apns-id'] : undefined;
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8'), apnsId }));
    req.on('error', reject);
    req.end(body);
  });
}

export async function sendApns(ctx: AppContext, deviceToken: string, content: PushContent): Promise<TokenResult> {
  const { APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY, APNS_TOPIC, APNS_HOST } = ctx.config;
  if (!APNS_KEY_ID || !APNS_TEAM_ID || !APNS_PRIVATE_KEY || !APNS_TOPIC) {
    return {
      provider: 'apns',
      outcome: 'skipped',
      answer: 'APNs is not configured (APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY, APNS_TOPIC)',
      retryable: false,
      invalidToken: false,
    };
  }
  const payload = JSON.stringify({
    aps: { alert: { title: content.title, body: content.body }, sound: 'default' },
    ...content.data,
    url: content.url,
  });
  let answer: Answer;
  try {
    const jwt = await providerToken(APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY);
    const headers = {
      authorization: `bearer ${jwt}`,
      'apns-topic': APNS_TOPIC,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.floor(Date.now() / 1000) + PUSH_TTL_SECONDS),
      'content-type': 'application/json',
    };
    answer = await post(
      new URL(APNS_HOST).origin,
      `/3/device/${encodeURIComponent(deviceToken)}`,
      headers,
      payload,
      ctx.config.PROVIDER_TIMEOUT_MS,
    );
  } catch (error) {
    return networkFailure('apns', error);
  }
  if (answer.status === 200) {
    return {
      provider: 'apns',
      outcome: 'sent',
      answer: `apns 200 ${answer.apnsId ?? ''}`.trim(),
      retryable: false,
      invalidToken: false,
    };
  }
  let reason = 'unknown';
  try {
    reason = (JSON.parse(answer.body) as { reason?: string }).reason ?? reason;
  } catch {
    // An answer without JSON keeps 'unknown'.
  }
  const invalidToken = answer.status === 410 || reason === 'BadDeviceToken' || reason === 'Unregistered';
  const expired = reason === 'ExpiredProviderToken';
  if (expired) providerTokens.delete(`${APNS_TEAM_ID} ${APNS_KEY_ID}`);
  const text = `apns ${answer.status} ${reason}`;
  return {
    provider: 'apns',
    outcome: 'failed',
    answer: invalidToken ? `${text} (token removed)` : text,
    retryable: retryableStatus(answer.status) || expired,
    invalidToken,
  };
}
