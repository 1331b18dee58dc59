/**
 * The push and SMS channels on the service tier, at their providers' HTTP boundary: local stand-ins speak the
 * providers' documented request and response shapes (web push RFC 8030/8291/8292, FCM HTTP v1 with Google's OAuth
 * token exchange, APNs over HTTP/2 with provider tokens, Twilio's Messages resource), and check what the server sends
 * them. Also the rules a push token passes on its way in, and the profile's test notification through the delivery
 * worker.
 */
import { createDecipheriv, createECDH, generateKeyPairSync, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveries, idpUsers, outbox, pushTokens } from '@eh/db';
import { and, eq } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type Config, loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/kernel/context.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { closeApnsSessions } from '../../src/modules/notifications/channels/push/apns.ts';
import { vapidKeys } from '../../src/modules/notifications/channels/push/vapid.ts';
import { sendPush } from '../../src/modules/notifications/channels/push.ts';
import { sendSms } from '../../src/modules/notifications/channels/sms.ts';
import type { OutgoingNotification } from '../../src/modules/notifications/channels/types.ts';
import { deliverDue } from '../../src/modules/notifications/delivery/deliver.ts';
import * as notifications from '../../src/modules/notifications/service.ts';
import * as users from '../../src/modules/users/service.ts';
import { eachDatabase, silentLog } from './context.ts';

// ---- the stand-ins ----------------------------------------------------------------------------------------------

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** What each stand-in answers, chosen by the token, endpoint or number the test uses. */
type Reply = { status: number; json?: unknown; headers?: Record<string, string> };
const ACCESS_TOKEN = 'ya29.stand-in-access-token';

interface StandIns {
  seen: Seen[];
  replies: Map<string, Reply>;
  /** Google's token endpoint, FCM's messages:send, a push service's endpoints, Twilio's Messages.json. */
  base: string;
  /** APNs over cleartext HTTP/2 (h2c): same frames and headers as api.push.apple.com without the TLS. */
  apnsHost: string;
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Every provider's stand-in on a port of its own: one set per database, so that what a provider keeps between
 * sends (FCM's access token, by its token endpoint; APNs' session, by its host) starts afresh on each.
 */
async function startStandIns(): Promise<StandIns> {
  const seen: Seen[] = [];
  const replies = new Map<string, Reply>();
  const http = createServer(async (req, res) => {
    const raw = await readAll(req);
    const path = req.url ?? '';
    seen.push({ method: req.method ?? '', path, headers: req.headers, body: raw });
    const send = (reply: Reply) => {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
    };
    if (path === '/token')
      return send({ status: 200, json: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } });
    if (path.startsWith('/v1/projects/')) {
      const { message } = JSON.parse(raw.toString('utf8'));
      return send(
        replies.get(`fcm:${message.token}`) ?? {
          status: 200,
          json: { name: `projects/eh-test/messages/0:${Date.now()}` },
        },
      );
    }
    if (path.startsWith('/push/'))
      return send(replies.get(`webpush:${path}`) ?? { status: 201, headers: { location: '/m/1' } });
    if (path.startsWith('/2010-04-01/')) {
      const to = new URLSearchParams(raw.toString('utf8')).get('To') ?? '';
      return send(
        replies.get(`twilio:${to}`) ?? {
          status: 201,
          json: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to },
        },
      );
    }
    send({ status: 404, json: { error: 'not a stand-in path' } });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  const apns = createHttp2Server();
  apns.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const path = String(headers[':path']);
      seen.push({ method: String(headers[':method']), path: `apns:${path}`, headers, body: Buffer.concat(chunks) });
      const token = decodeURIComponent(path.replace('/3/device/', ''));
      const reply = replies.get(`apns:${token}`) ?? { status: 200 };
      stream.respond({
        ':status': reply.status,
        'apns-id': '8F2B4C6E-1111-2222-3333-444455556666',
        'content-type': 'application/json',
      });
      stream.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));

  return {
    seen,
    replies,
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    apnsHost: `http://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await new Promise((resolve) => apns.close(resolve));
    },
  };
}

// ---- keys and configuration -------------------------------------------------------------------------------------

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const VAPID = webpush.generateVAPIDKeys();
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TWILIO_SECRET = 'twilio-auth-token-for-tests';
const FROM = '+15005550006';

/** The providers' settings, as a deployment configures them, pointed at the stand-ins. */
const PROVIDER_SETTINGS = [
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'FCM_SERVICE_ACCOUNT',
  'FCM_BASE_URL',
  'APNS_KEY_ID',
  'APNS_TEAM_ID',
  'APNS_PRIVATE_KEY',
  'APNS_TOPIC',
  'APNS_HOST',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_BASE_URL',
] as const satisfies readonly (keyof Config)[];

function providerConfig(standIns: StandIns): Pick<Config, (typeof PROVIDER_SETTINGS)[number]> {
  const parsed = loadConfig({
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@earningshub.test',
    FCM_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account',
      project_id: 'eh-test',
      private_key_id: 'key-0001',
      private_key: pem(rsa.privateKey),
      client_email: 'fcm-sender@eh-test.iam.gserviceaccount.com',
      token_uri: `${standIns.base}/token`,
    }),
    FCM_BASE_URL: standIns.base,
    APNS_KEY_ID: 'ABC123DEFG',
    APNS_TEAM_ID: 'TEAM123456',
    APNS_PRIVATE_KEY: pem(ec.privateKey).replaceAll('\n', '\\n'),
    APNS_TOPIC: 'com.earningshub.app',
    APNS_HOST: standIns.apnsHost,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TWILIO_SECRET,
    TWILIO_FROM: FROM,
    TWILIO_BASE_URL: standIns.base,
  });
  return Object.fromEntries(PROVIDER_SETTINGS.map((key) => [key, parsed[key]])) as Pick<
    Config,
    (typeof PROVIDER_SETTINGS)[number]
  >;
}

/** A browser's subscription: our own P-256 key pair and auth secret, so the test can decrypt what was pushed. */
function browserSubscription(base: string, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `${base}${path}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { subscription, ecdh, auth };
}

/** RFC 8291 decryption of an aes128gcm body (RFC 8188 header: salt, record size, the sender's public key). */
function decrypt(bodyBytes: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = bodyBytes.subarray(0, 16);
  const idLength = bodyBytes.readUInt8(20);
  const senderPublic = bodyBytes.subarray(21, 21 + idLength);
  const cipherText = bodyBytes.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the 0x02 delimiter, then optional zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

const workDir = mkdtempSync(join(tmpdir(), 'eh-push-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

eachDatabase((service) => {
  let standIns: StandIns;
  /** The context with every provider configured and pointed at the stand-ins. */
  let ctx: AppContext;
  let ann: Caller;
  let base: string;
  const received = (prefix: string) => standIns.seen.filter((r) => r.path.startsWith(prefix));
  const reply = (key: string, answer: Reply) => standIns.replies.set(key, answer);

  beforeAll(async () => {
    standIns = await startStandIns();
    base = standIns.base;
    ctx = { ...service().ctx, config: { ...service().ctx.config, ...providerConfig(standIns) } };
    ann = await service().user();
  });

  afterAll(async () => {
    closeApnsSessions();
    await standIns?.close();
  });

  beforeEach(async () => {
    standIns.seen.length = 0;
    standIns.replies.clear();
    await ctx.db.delete(pushTokens).where(eq(pushTokens.userId, ann.sub));
  });

  const message = (over: Partial<OutgoingNotification> = {}): OutgoingNotification => ({
    deliveryId: 42,
    userId: ann.sub,
    channel: 'push',
    kind: 'earningsResults',
    symbol: 'AAPL',
    title: 'AAPL reported',
    body: 'EPS 1.52 vs 1.43 estimated (+6.3%)',
    url: 'http://localhost:3000/stocks/AAPL',
    unsubscribeUrl: 'http://localhost:3000/unsubscribe/x',
    data: {},
    ...over,
  });

  async function addToken(token: string, appName: string) {
    await ctx.db.insert(pushTokens).values({ userId: ann.sub, token, appName });
  }
  const tokensOf = async () =>
    (await ctx.db.select().from(pushTokens).where(eq(pushTokens.userId, ann.sub))).map((t) => t.token);

  // ---- push tokens on the way in --------------------------------------------------------------------------------

  describe('a push token registered (web push subscriptions)', () => {
    const register = (token: string, appName = 'web') => users.addPushToken(ctx, ann, { token, appName });

    it.each([
      ['not JSON', 'not-a-subscription-at-all', 'body.token', "must be the browser's PushSubscription as JSON"],
      ['a JSON array', '[1,2,3,4,5]', 'body.token', "must be the browser's PushSubscription as a JSON object"],
      [
        'an http endpoint',
        JSON.stringify({ endpoint: 'http://push.example.com/x', keys: {} }),
        'body.token.endpoint',
        'must be an https:// URL of a push service',
      ],
      [
        'no endpoint',
        JSON.stringify({ keys: { p256dh: 'x', auth: 'y' } }),
        'body.token.endpoint',
        'must be an https:// URL of a push service',
      ],
      [
        'an address for a host',
        JSON.stringify({ endpoint: 'https://10.0.0.7/push', keys: {} }),
        'body.token.endpoint',
        'must be an https:// URL of a push service',
      ],
      [
        'this machine',
        JSON.stringify({ endpoint: 'https://localhost:8443/push', keys: {} }),
        'body.token.endpoint',
        'must be an https:// URL of a push service',
      ],
      [
        'an IPv6 address',
        JSON.stringify({ endpoint: 'https://[::1]/push', keys: {} }),
        'body.token.endpoint',
        'must be an https:// URL of a push service',
      ],
      [
        'no keys',
        JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }),
        'body.token.keys',
        'must hold the p256dh and auth keys',
      ],
      [
        'no p256dh',
        JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { auth: 'A'.repeat(22) } }),
        'body.token.keys.p256dh',
        'must be the base64url P-256 public key',
      ],
      [
        'no auth',
        JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'B'.repeat(87) } }),
        'body.token.keys.auth',
        'must be the base64url 16-byte auth secret',
      ],
    ])('is refused naming the field for %s, and nothing is stored', async (_, token, field, reason) => {
      await expect(register(token)).rejects.toMatchObject({
        statusCode: 400,
        message: `${field}: ${reason}`,
        details: [{ field, message: reason }],
      });
      expect(await tokensOf()).toEqual([]);
    });

    it('is checked as a subscription when it is JSON filed under another appName too', async () => {
      await expect(
        register(JSON.stringify({ endpoint: 'https://x.example/y' }), 'earningshub-android'),
      ).rejects.toMatchObject({ statusCode: 400, message: 'body.token.keys: must hold the p256dh and auth keys' });
      expect(await tokensOf()).toEqual([]);
    });

    it('is stored once, canonically, and counted; native tokens pass as they are', async () => {
      const { subscription } = browserSubscription(base, '/push/api');
      const valid = { ...subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' };
      expect(await register(JSON.stringify(valid))).toEqual({ registered: true });
      // The same subscription with its keys in another order is the same token.
      expect(await register(JSON.stringify({ keys: valid.keys, endpoint: valid.endpoint }))).toEqual({
        registered: true,
      });
      const device = 'a1b2c3d4'.repeat(8);
      expect(await register(device, 'earningshub-ios')).toEqual({ registered: true });
      expect(await users.pushTokenCount(ctx, ann, 'web')).toEqual({ count: 1 });
      expect(await users.pushTokenCount(ctx, ann, 'earningshub-ios')).toEqual({ count: 1 });
      expect((await tokensOf()).sort()).toEqual([JSON.stringify(valid), device].sort());
    });
  });

  // ---- web push -------------------------------------------------------------------------------------------------

  describe('push channel: web push', () => {
    it('sends an encrypted aes128gcm payload signed with VAPID to the subscription endpoint', async () => {
      const browser = browserSubscription(base, '/push/ok');
      await addToken(JSON.stringify(browser.subscription), 'web');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'sent', provider: 'webpush', retryable: false });
      expect(result.answer).toBe('webpush 201');
      const [req] = received('/push/ok');
      expect(req?.method).toBe('POST');
      expect(req?.headers['content-encoding']).toBe('aes128gcm');
      expect(req?.headers['content-type']).toBe('application/octet-stream');
      expect(Number(req?.headers.ttl)).toBe(86_400);
      expect(req?.headers.urgency).toBe('high');
      const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(req?.headers.authorization)) ?? [];
      expect(key).toBe(VAPID.publicKey);
      const publicJwk = {
        kty: 'EC',
        crv: 'P-256',
        x: Buffer.from(VAPID.publicKey, 'base64url').subarray(1, 33).toString('base64url'),
        y: Buffer.from(VAPID.publicKey, 'base64url').subarray(33).toString('base64url'),
      };
      const { payload, protectedHeader } = await jwtVerify(String(jwt), publicJwk, { audience: base });
      expect(protectedHeader.alg).toBe('ES256');
      expect(payload.sub).toBe('mailto:alerts@earningshub.test');
      expect(Number(payload.exp) - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
      const pushed = JSON.parse(decrypt(req?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth));
      expect(pushed).toMatchObject({
        title: 'AAPL reported',
        body: 'EPS 1.52 vs 1.43 estimated (+6.3%)',
        url: 'http://localhost:3000/stocks/AAPL',
        tag: 'eh-42',
        data: { kind: 'earningsResults', symbol: 'AAPL' },
      });
      expect(await tokensOf()).toHaveLength(1);
    });

    it.each([404, 410])('removes a subscription its push service answers %i for', async (status) => {
      const path = `/push/gone-${status}`;
      reply(`webpush:${path}`, { status });
      await addToken(JSON.stringify(browserSubscription(base, path).subscription), 'web');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'failed', provider: 'webpush', retryable: false });
      expect(result.answer).toContain('(subscription removed)');
      expect(await tokensOf()).toEqual([]);
    });

    it.each([429, 500, 503])('keeps the subscription and asks for a retry on %i', async (status) => {
      const path = `/push/busy-${status}`;
      reply(`webpush:${path}`, { status, headers: { 'retry-after': '30' } });
      await addToken(JSON.stringify(browserSubscription(base, path).subscription), 'web');
      expect(await sendPush(ctx, message())).toMatchObject({ outcome: 'failed', provider: 'webpush', retryable: true });
      expect(await tokensOf()).toHaveLength(1);
    });

    it('a 400 from the push service is a permanent failure that keeps the subscription', async () => {
      reply('webpush:/push/bad', { status: 400 });
      await addToken(JSON.stringify(browserSubscription(base, '/push/bad').subscription), 'web');
      expect(await sendPush(ctx, message())).toMatchObject({ outcome: 'failed', retryable: false });
      expect(await tokensOf()).toHaveLength(1);
    });

    it('skips when the user has no push token, and when web push is not configured', async () => {
      expect(await sendPush(ctx, message())).toEqual({
        outcome: 'skipped',
        provider: null,
        answer: 'no push token',
        retryable: false,
      });
      await addToken(JSON.stringify(browserSubscription(base, '/push/ok').subscription), 'web');
      // Production (PostgreSQL) without VAPID keys: nothing to sign with.
      const unconfigured = {
        ...ctx,
        database: { ...ctx.database, driver: 'postgres' as const },
        config: { ...ctx.config, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined },
      };
      const result = await sendPush(unconfigured, message());
      expect(result).toMatchObject({ outcome: 'skipped', provider: null, retryable: false });
      expect(result.answer).toBe('web push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)');
      expect(received('/push/')).toEqual([]);
    });
  });

  describe('VAPID keys', () => {
    it('are generated into DATA_DIR once in embedded mode and read back; absent in production without config', () => {
      const dataDir = join(workDir, `vapid-${service().kind}`);
      const fake = (driver: 'pglite' | 'postgres') =>
        ({
          config: {
            ...ctx.config,
            DATA_DIR: dataDir,
            VAPID_PUBLIC_KEY: undefined,
            VAPID_PRIVATE_KEY: undefined,
            VAPID_SUBJECT: undefined,
          },
          database: { ...ctx.database, driver },
        }) as unknown as AppContext;
      const first = vapidKeys(fake('pglite'));
      expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(first?.subject).toBe(`mailto:no-reply@${new URL(ctx.config.PUBLIC_URL).hostname}`);
      expect(existsSync(join(dataDir, 'vapid-keys.json'))).toBe(true);
      // Another start (a new context) reads the same pair: the browsers' subscriptions stay valid.
      expect(vapidKeys(fake('pglite'))).toEqual(first);
      expect(vapidKeys(fake('postgres'))).toBeNull();
    });
  });

  // ---- FCM ------------------------------------------------------------------------------------------------------

  describe('push channel: FCM HTTP v1', () => {
    const FCM_TOKEN = 'dGVzdC1mY20tdG9rZW4:APA91bH-stand-in-registration-token';

    it('exchanges a service-account JWT for an access token, once, and posts the documented message', async () => {
      await addToken(FCM_TOKEN, 'earningshub-android');
      expect(await sendPush(ctx, message())).toMatchObject({ outcome: 'sent', provider: 'fcm', retryable: false });
      expect(await sendPush(ctx, message({ deliveryId: 43 }))).toMatchObject({ outcome: 'sent', provider: 'fcm' });

      // The access token is kept until shortly before it expires (an hour): one exchange for both sends.
      const exchanges = received('/token');
      expect(exchanges).toHaveLength(1);
      const exchange = exchanges[0] as Seen;
      expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(exchange.body.toString('utf8'));
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      const assertion = String(form.get('assertion'));
      expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: 'RS256', kid: 'key-0001' });
      const { payload } = await jwtVerify(assertion, rsa.publicKey, {
        issuer: 'fcm-sender@eh-test.iam.gserviceaccount.com',
        audience: `${base}/token`,
      });
      expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
      expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);

      const sends = received('/v1/');
      expect(sends).toHaveLength(2);
      expect(sends[0]?.path).toBe('/v1/projects/eh-test/messages:send');
      expect(sends[0]?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(JSON.parse(sends[0]?.body.toString('utf8') ?? '')).toEqual({
        message: {
          token: FCM_TOKEN,
          notification: { title: 'AAPL reported', body: 'EPS 1.52 vs 1.43 estimated (+6.3%)' },
          data: { kind: 'earningsResults', deliveryId: '42', symbol: 'AAPL', url: 'http://localhost:3000/stocks/AAPL' },
          android: { priority: 'HIGH', ttl: '86400s' },
        },
      });
    });

    it('removes a token FCM answers UNREGISTERED for', async () => {
      reply(`fcm:${FCM_TOKEN}`, {
        status: 404,
        json: {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        },
      });
      await addToken(FCM_TOKEN, 'earningshub-android');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'failed', provider: 'fcm', retryable: false });
      expect(result.answer).toBe('fcm 404 UNREGISTERED: Requested entity was not found. (token removed)');
      expect(await tokensOf()).toEqual([]);
    });

    it('removes a token FCM calls an invalid argument, but keeps it when the argument was ours', async () => {
      const invalid = (field: string, text: string): Reply => ({
        status: 400,
        json: {
          error: {
            code: 400,
            message: text,
            status: 'INVALID_ARGUMENT',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
              { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: text }] },
            ],
          },
        },
      });
      reply(
        'fcm:bad-token-1234',
        invalid('message.token', 'The registration token is not a valid FCM registration token'),
      );
      reply(`fcm:${FCM_TOKEN}`, invalid('message.data', 'Invalid data payload key'));
      await addToken('bad-token-1234', 'earningshub-android');
      await addToken(FCM_TOKEN, 'earningshub');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'failed', provider: 'fcm', retryable: false });
      expect(await tokensOf()).toEqual([FCM_TOKEN]);
    });

    it.each([
      [429, 'QUOTA_EXCEEDED', 'RESOURCE_EXHAUSTED'],
      [500, 'INTERNAL', 'INTERNAL'],
      [503, 'UNAVAILABLE', 'UNAVAILABLE'],
    ])('asks for a retry on %i %s and keeps the token', async (status, errorCode, rpcStatus) => {
      reply(`fcm:${FCM_TOKEN}`, {
        status,
        json: {
          error: {
            code: status,
            status: rpcStatus,
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
          },
        },
      });
      await addToken(FCM_TOKEN, 'earningshub-android');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'failed', provider: 'fcm', retryable: true });
      expect(result.answer).toContain(`fcm ${status} ${errorCode}`);
      expect(await tokensOf()).toEqual([FCM_TOKEN]);
    });

    it('skips an FCM token when FCM is not configured', async () => {
      await addToken(FCM_TOKEN, 'earningshub-android');
      const unconfigured = { ...ctx, config: { ...ctx.config, FCM_SERVICE_ACCOUNT: undefined } };
      expect(await sendPush(unconfigured, message())).toEqual({
        outcome: 'skipped',
        provider: null,
        answer: 'FCM is not configured (FCM_SERVICE_ACCOUNT)',
        retryable: false,
      });
      expect(received('/v1/')).toEqual([]);
    });
  });

  // ---- APNs -----------------------------------------------------------------------------------------------------

  describe('push channel: APNs over HTTP/2', () => {
    const DEVICE = 'a1b2c3d4e5f60718'.repeat(4);

    it('posts the alert to /3/device/{token} with a provider token and the documented headers', async () => {
      await addToken(DEVICE, 'earningshub-ios');
      const result = await sendPush(ctx, message());
      expect(result).toEqual({
        outcome: 'sent',
        provider: 'apns',
        answer: 'apns 200 8F2B4C6E-1111-2222-3333-444455556666',
        retryable: false,
      });
      const [req] = received('apns:');
      expect(req?.method).toBe('POST');
      expect(req?.path).toBe(`apns:/3/device/${DEVICE}`);
      expect(req?.headers['apns-topic']).toBe('com.earningshub.app');
      expect(req?.headers['apns-push-type']).toBe('alert');
      expect(req?.headers['apns-priority']).toBe('10');
      expect(Number(req?.headers['apns-expiration'])).toBeGreaterThan(Date.now() / 1000);
      const [scheme, jwt] = String(req?.headers.authorization).split(' ');
      expect(scheme).toBe('bearer');
      expect(decodeProtectedHeader(String(jwt))).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' });
      const { payload } = await jwtVerify(String(jwt), ec.publicKey, { issuer: 'TEAM123456' });
      expect(Math.abs(Number(payload.iat) - Date.now() / 1000)).toBeLessThan(3600);
      expect(JSON.parse(req?.body.toString('utf8') ?? '')).toEqual({
        aps: { alert: { title: 'AAPL reported', body: 'EPS 1.52 vs 1.43 estimated (+6.3%)' }, sound: 'default' },
        kind: 'earningsResults',
        deliveryId: '42',
        symbol: 'AAPL',
        url: 'http://localhost:3000/stocks/AAPL',
      });
    });

    it.each([
      [410, { reason: 'Unregistered', timestamp: 1_700_000_000_000 }],
      [400, { reason: 'BadDeviceToken' }],
    ])('removes the token on %i %o', async (status, answer) => {
      reply(`apns:${DEVICE}`, { status, json: answer });
      await addToken(DEVICE, 'earningshub-ios');
      const result = await sendPush(ctx, message());
      expect(result).toEqual({
        outcome: 'failed',
        provider: 'apns',
        answer: `apns ${status} ${answer.reason} (token removed)`,
        retryable: false,
      });
      expect(await tokensOf()).toEqual([]);
    });

    it.each([
      [429, 'TooManyRequests'],
      [500, 'InternalServerError'],
      [503, 'ServiceUnavailable'],
    ])('asks for a retry on %i %s and keeps the token', async (status, reason) => {
      reply(`apns:${DEVICE}`, { status, json: { reason } });
      await addToken(DEVICE, 'earningshub-ios');
      expect(await sendPush(ctx, message())).toEqual({
        outcome: 'failed',
        provider: 'apns',
        answer: `apns ${status} ${reason}`,
        retryable: true,
      });
      expect(await tokensOf()).toEqual([DEVICE]);
    });

    it('a payload APNs refuses (413 PayloadTooLarge) is permanent and keeps the token', async () => {
      reply(`apns:${DEVICE}`, { status: 413, json: { reason: 'PayloadTooLarge' } });
      await addToken(DEVICE, 'earningshub-ios');
      expect(await sendPush(ctx, message())).toMatchObject({ outcome: 'failed', retryable: false });
      expect(await tokensOf()).toEqual([DEVICE]);
    });
  });

  describe('push channel: several devices', () => {
    it('counts as sent when any device took it (a retry would repeat that device), and removes the dead one', async () => {
      reply('apns:dead-device', { status: 410, json: { reason: 'Unregistered' } });
      reply('webpush:/push/down', { status: 503 });
      await addToken('dead-device', 'earningshub-ios');
      await addToken(JSON.stringify(browserSubscription(base, '/push/down').subscription), 'web');
      await addToken(JSON.stringify(browserSubscription(base, '/push/ok').subscription), 'web');
      const result = await sendPush(ctx, message());
      expect(result).toMatchObject({ outcome: 'sent', provider: 'webpush', retryable: false });
      expect(result.answer).toContain('apns 410 Unregistered (token removed)');
      expect(result.answer).toContain('webpush 503');
      expect(await tokensOf()).toHaveLength(2);
    });

    it('asks for a retry when nothing was delivered and one failure may pass', async () => {
      reply('apns:dead-device', { status: 410, json: { reason: 'Unregistered' } });
      reply('webpush:/push/down', { status: 503 });
      await addToken('dead-device', 'earningshub-ios');
      await addToken(JSON.stringify(browserSubscription(base, '/push/down').subscription), 'web');
      expect(await sendPush(ctx, message())).toMatchObject({ outcome: 'failed', provider: 'webpush', retryable: true });
      expect(await tokensOf()).toHaveLength(1);
    });
  });

  // ---- SMS ------------------------------------------------------------------------------------------------------

  describe('sms channel', () => {
    const PHONE = '+12025550123';
    const setPhone = (phoneNumber: string | null, phoneNumberVerified: boolean) =>
      ctx.db.update(idpUsers).set({ phoneNumber, phoneNumberVerified }).where(eq(idpUsers.sub, ann.sub));
    const sms = (over: Partial<OutgoingNotification> = {}) => sendSms(ctx, message({ channel: 'sms', ...over }));

    it('never texts an unverified phone, nor a user without one', async () => {
      await setPhone(PHONE, false);
      expect(await sms()).toEqual({
        outcome: 'skipped',
        provider: null,
        answer: 'no verified phone',
        retryable: false,
      });
      await setPhone(null, false);
      expect(await sms()).toEqual({
        outcome: 'skipped',
        provider: null,
        answer: 'no verified phone',
        retryable: false,
      });
      expect(received('/2010-04-01/')).toEqual([]);
    });

    it('posts the form to Twilio with basic auth, to the verified phone', async () => {
      await setPhone(PHONE, true);
      const result = await sms();
      expect(result).toEqual({
        outcome: 'sent',
        provider: 'twilio',
        answer: 'twilio 201 SM0123456789abcdef0123456789abcdef queued',
        retryable: false,
      });
      const [req] = received('/2010-04-01/');
      expect(req?.method).toBe('POST');
      expect(req?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(req?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TWILIO_SECRET}`).toString('base64')}`);
      expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(req?.body.toString('utf8')))).toEqual({
        To: PHONE,
        From: FROM,
        Body: 'AAPL reported: EPS 1.52 vs 1.43 estimated (+6.3%) http://localhost:3000/stocks/AAPL',
      });
    });

    it('keeps a long text to two segments before the link', async () => {
      await setPhone(PHONE, true);
      await sms({ body: 'x'.repeat(2000) });
      const text = new URLSearchParams(received('/2010-04-01/')[0]?.body.toString('utf8')).get('Body') ?? '';
      expect(text.endsWith('… http://localhost:3000/stocks/AAPL')).toBe(true);
      expect(text.length).toBe(300 + 1 + 'http://localhost:3000/stocks/AAPL'.length);
    });

    it('a refused number is permanent; 429 and 5xx are retried', async () => {
      await setPhone(PHONE, true);
      reply(`twilio:${PHONE}`, {
        status: 400,
        json: { code: 21211, message: "The 'To' number +12025550123 is not a valid phone number.", status: 400 },
      });
      expect(await sms()).toEqual({
        outcome: 'failed',
        provider: 'twilio',
        answer: "twilio 400 21211 The 'To' number +12025550123 is not a valid phone number.",
        retryable: false,
      });
      reply(`twilio:${PHONE}`, { status: 429, json: { code: 20429, message: 'Too Many Requests', status: 429 } });
      expect(await sms()).toMatchObject({ outcome: 'failed', provider: 'twilio', retryable: true });
      reply(`twilio:${PHONE}`, { status: 503 });
      expect(await sms()).toMatchObject({ outcome: 'failed', provider: 'twilio', retryable: true });
    });

    it('without Twilio: the local mailbox on an embedded server, skipped elsewhere', async () => {
      await setPhone(PHONE, true);
      const noTwilio = { ...ctx, config: { ...ctx.config, TWILIO_ACCOUNT_SID: undefined } };
      const result = await sendSms(noTwilio, message({ channel: 'sms', title: 'Mailbox check' }));
      const kept = await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, PHONE)));
      if (service().kind === 'pglite') {
        expect(result).toMatchObject({ outcome: 'sent', provider: 'mailbox', retryable: false });
        expect(result.answer).toMatch(/^kept in the local mailbox \(outbox #\d+\): no SMS provider is configured$/);
        expect(kept.map((row) => row.body)).toContain(
          'Mailbox check: EPS 1.52 vs 1.43 estimated (+6.3%) http://localhost:3000/stocks/AAPL',
        );
      } else {
        expect(result).toEqual({
          outcome: 'skipped',
          provider: null,
          answer: 'SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)',
          retryable: false,
        });
        expect(kept).toEqual([]);
      }
      expect(received('/2010-04-01/')).toEqual([]);
    });
  });

  // ---- through the delivery worker ------------------------------------------------------------------------------

  describe('the profile’s test notification, through the delivery worker', () => {
    /** Queues the test on `channel`, runs the worker's pass (no other worker runs here) and reads the delivery. */
    async function testDelivered(channel: 'push' | 'sms') {
      const { delivery } = await notifications.sendTest(ctx, ann, channel);
      expect(delivery).toMatchObject({ channel, status: 'queued' });
      await deliverDue(ctx, silentLog, { workerId: 'push-test' });
      const [row] = await ctx.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
      return row;
    }

    it('reaches the APNs device and the verified phone, and the log says which transport took it', async () => {
      const device = 'feedc0de'.repeat(8);
      await addToken(device, 'earningshub-ios');
      await ctx.db
        .update(idpUsers)
        .set({ phoneNumber: '+12025550188', phoneNumberVerified: true })
        .where(eq(idpUsers.sub, ann.sub));
      expect(await testDelivered('push')).toMatchObject({ status: 'sent', provider: 'apns' });
      expect(received(`apns:/3/device/${device}`)).toHaveLength(1);
      expect(await testDelivered('sms')).toMatchObject({ status: 'sent', provider: 'twilio' });
      const form = new URLSearchParams(received('/2010-04-01/')[0]?.body.toString('utf8'));
      expect(form.get('To')).toBe('+12025550188');
    });
  });
});
