/**
 * Push tokens and the web push key over HTTP: a refused subscription's 400 naming the field, a registration's 201 and
 * its count, the VAPID public key without sign-in. The rules a token passes and what each provider is sent are the
 * service tier's (test/service/notification-push.test.ts).
 */
import { pushTokens } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

const VAPID = webpush.generateVAPIDKeys();

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer({
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@earningshub.test',
  });
  ann = await signedInUser(server, 'ann.push@example.com');
});
afterAll(async () => server?.close());

const tokensOf = async () =>
  (await server.ctx.db.select().from(pushTokens).where(eq(pushTokens.userId, ann.sub))).map((t) => t.token);

describe('POST /api/notifications/push-tokens (web push subscriptions)', () => {
  const post = (token: string, appName = 'web') =>
    server.api('/api/notifications/push-tokens', json({ token, appName }, { headers: ann.headers }));

  it('answers a refused subscription 400 naming the field, and stores nothing', async () => {
    const res = await post(JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }));
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({
      message: 'body.token.keys: must hold the p256dh and auth keys',
      code: 'VALIDATION_ERROR',
    });
    expect(await tokensOf()).toEqual([]);
  });

  it('answers a valid subscription 201, and counts it on the count route', async () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      expirationTime: null,
      keys: { p256dh: VAPID.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    };
    const res = await post(JSON.stringify(subscription));
    expect(res.status).toBe(201);
    expect(await body(res)).toEqual({ registered: true });
    const count = await server.api('/api/notifications/push-tokens/count?appName=web', { headers: ann.headers });
    expect(count.status).toBe(200);
    expect(await body(count)).toEqual({ count: 1 });
  });

  it('GET /api/notifications/vapid-public-key answers the configured key without auth', async () => {
    const res = await server.api('/api/notifications/vapid-public-key');
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ publicKey: VAPID.publicKey });
  });
});
