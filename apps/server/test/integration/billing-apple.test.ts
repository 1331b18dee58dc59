import { execFileSync } from 'node:child_process';
import { randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processedWebhookEvents, subscriptions } from '@eh/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * Apple in-app purchase: App Store Server Notifications V2 signed as Apple signs them (ES256, an x5c chain
 * root → intermediate with Apple's OID 1.2.840.113635.100.6.2.1 → leaf with 1.2.840.113635.100.6.11.1), by a
 * chain made here with the openssl CLI; the server trusts only this test root.
 */

const BUNDLE_ID = 'com.example.earningshub';
const APP_APPLE_ID = 1234567890;
const PRO_MONTHLY = 'com.example.earningshub.pro.monthly';
const PRO_YEARLY = 'com.example.earningshub.pro.yearly';
const DAY = 86_400_000;

interface Chain {
  key: string;
  x5c: string[];
  rootPath: string;
}

const dir = mkdtempSync(join(tmpdir(), 'eh-apple-'));

/** A root CA, an intermediate and a leaf, as Apple's chain is built (P-256, SHA-256). */
function makeChain(name: string): Chain {
  const file = (part: string) => join(dir, `${name}-${part}`);
  writeFileSync(
    file('openssl.cnf'),
    [
      '[req]',
      'distinguished_name = dn',
      'prompt = no',
      '[dn]',
      `CN = ${name}`,
      '[root]',
      'basicConstraints = critical, CA:true',
      'keyUsage = critical, keyCertSign, cRLSign',
      'subjectKeyIdentifier = hash',
      '[intermediate]',
      'basicConstraints = critical, CA:true, pathlen:0',
      'keyUsage = critical, keyCertSign, cRLSign',
      '1.2.840.113635.100.6.2.1 = DER:05:00',
      '[leaf]',
      'basicConstraints = critical, CA:false',
      'keyUsage = critical, digitalSignature',
      '1.2.840.113635.100.6.11.1 = DER:05:00',
    ].join('\n'),
  );
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const part of ['root', 'intermediate', 'leaf'])
    openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file(`${part}.key`));
  const config = ['-config', file('openssl.cnf')];
  openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    file('root.key'),
    ...config,
    '-subj',
    `/CN=${name} Root CA/O=Test`,
    '-extensions',
    'root',
    '-days',
    '3650',
    '-sha256',
    '-out',
    file('root.pem'),
  );
  const issue = (part: string, issuer: string, serial: string) => {
    openssl(
      'req',
      '-new',
      '-key',
      file(`${part}.key`),
      ...config,
      '-subj',
      `/CN=${name} ${part}/O=Test`,
      '-out',
      file(`${part}.csr`),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${part}.csr`),
      '-CA',
      file(`${issuer}.pem`),
      '-CAkey',
      file(`${issuer}.key`),
      '-set_serial',
      serial,
      '-days',
      '3650',
      '-sha256',
      '-extfile',
      file('openssl.cnf'),
      '-extensions',
      part,
      '-out',
      file(`${part}.pem`),
    );
  };
  issue('intermediate', 'root', '2');
  issue('leaf', 'intermediate', '3');
  const der = (part: string) =>
    readFileSync(file(`${part}.pem`), 'utf8')
      .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
      .replace(/\s+/g, '');
  return {
    key: readFileSync(file('leaf.key'), 'utf8'),
    x5c: ['leaf', 'intermediate', 'root'].map(der),
    rootPath: file('root.pem'),
  };
}

/** A JWS as the App Store sends it: ES256 over base64url(header).base64url(payload), the chain in x5c. */
function jws(chain: Chain, payload: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'ES256', x5c: chain.x5c })}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key: chain.key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

let trusted: Chain;
let stranger: Chain;
let server: TestServer;
type Who = Awaited<ReturnType<typeof signedInUser>>;

async function call(method: string, path: string, who?: Who, payload?: unknown) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers } });
  return { status: res.status, json: await body(res) };
}
const me = async (who: Who) => (await call('GET', '/core/users/me', who)).json;
const charges = async (who: Who) => (await call('GET', '/core/portfolios/charges', who)).json.charges;
const tokenOf = async (who: Who) => (await call('GET', '/core/users/me/subscription', who)).json.appAccountToken;

async function newUser(email: string) {
  const who = await signedInUser(server, email);
  await me(who);
  return { who, token: (await tokenOf(who)) as string };
}

let clock = Date.now();
/** Signed dates a second apart, in the order they are asked for (later asks are newer). */
const nextSignedDate = () => {
  clock += 1000;
  return clock;
};

interface Purchase {
  token: string | null;
  originalTransactionId: string;
  productId?: string;
  environment?: string;
  bundleId?: string;
}

let transactionCount = 0;
/** One App Store notification about a subscription: Apple's documented V2 shapes, signed by `chain`. */
function notification(
  purchase: Purchase,
  type: string,
  options: {
    subtype?: string;
    signedDate?: number;
    expiresDate?: number;
    transactionId?: string;
    revocationDate?: number;
    chain?: Chain;
    uuid?: string;
  } = {},
) {
  const chain = options.chain ?? trusted;
  const signedDate = options.signedDate ?? nextSignedDate();
  const environment = purchase.environment ?? 'Production';
  const bundleId = purchase.bundleId ?? BUNDLE_ID;
  const productId = purchase.productId ?? PRO_MONTHLY;
  const transactionId = options.transactionId ?? `${2000000000000000 + ++transactionCount}`;
  const purchaseDate = signedDate - 5000;
  const transaction = {
    transactionId,
    originalTransactionId: purchase.originalTransactionId,
    webOrderLineItemId: `${transactionId}1`,
    bundleId,
    productId,
    subscriptionGroupIdentifier: '21000000',
    purchaseDate,
    originalPurchaseDate: purchaseDate,
    expiresDate: options.expiresDate ?? purchaseDate + 30 * DAY,
    quantity: 1,
    type: 'Auto-Renewable Subscription',
    ...(purchase.token ? { appAccountToken: purchase.token } : {}),
    inAppOwnershipType: 'PURCHASED',
    signedDate,
    environment,
    transactionReason: type === 'SUBSCRIBED' ? 'PURCHASE' : 'RENEWAL',
    storefront: 'USA',
    storefrontId: '143441',
    price: 24990,
    currency: 'USD',
    ...(options.revocationDate ? { revocationDate: options.revocationDate, revocationReason: 0 } : {}),
  };
  const renewal = {
    originalTransactionId: purchase.originalTransactionId,
    autoRenewProductId: productId,
    productId,
    autoRenewStatus: options.subtype === 'AUTO_RENEW_DISABLED' ? 0 : 1,
    signedDate,
    environment,
    recentSubscriptionStartDate: purchaseDate,
    renewalDate: transaction.expiresDate,
    renewalPrice: 24990,
    currency: 'USD',
    ...(purchase.token ? { appAccountToken: purchase.token } : {}),
  };
  const payload = {
    notificationType: type,
    ...(options.subtype ? { subtype: options.subtype } : {}),
    notificationUUID: options.uuid ?? randomUUID(),
    data: {
      appAppleId: APP_APPLE_ID,
      bundleId,
      bundleVersion: '42',
      environment,
      signedTransactionInfo: jws(chain, transaction),
      signedRenewalInfo: jws(chain, renewal),
      status: 1,
    },
    version: '2.0',
    signedDate,
  };
  return { signedPayload: jws(chain, payload), uuid: payload.notificationUUID, transactionId, signedDate };
}

async function deliver(note: { signedPayload: string }) {
  const res = await server.api('/api/payments/apple/notifications', json({ signedPayload: note.signedPayload }));
  return { status: res.status, json: await body(res) };
}

async function rowsOf(originalTransactionId: string) {
  return server.ctx.db
    .select()
    .from(subscriptions)
    .where(like(subscriptions.providerSubscriptionId, `${originalTransactionId}%`));
}

let purchaseCount = 0;
const purchaseFor = (token: string | null, productId = PRO_MONTHLY): Purchase => ({
  token,
  originalTransactionId: `${1000000000000000 + ++purchaseCount}`,
  productId,
});

beforeAll(async () => {
  trusted = makeChain('Trusted');
  stranger = makeChain('Stranger');
  server = await startTestServer({
    BILLING_PROVIDER: 'test',
    APPLE_ROOT_CERTS: trusted.rootPath,
    APPLE_BUNDLE_ID: BUNDLE_ID,
    APPLE_APP_APPLE_ID: String(APP_APPLE_ID),
    APPLE_ENVIRONMENT: 'Production,Sandbox',
    APPLE_PRODUCT_IDS: `${PRO_MONTHLY}=earningshub_pro:monthly,${PRO_YEARLY}=earningshub_pro:yearly`,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the account a purchase links to', () => {
  it('gives each signed-in user one stable appAccountToken (a UUID), their own', async () => {
    const a = await newUser('token.a.apple@example.com');
    const b = await newUser('token.b.apple@example.com');
    expect(a.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await tokenOf(a.who)).toBe(a.token);
    expect(b.token).not.toBe(a.token);
    // Every subscription answer carries it (POST and reactivate answer the same view).
    expect((await call('POST', '/core/users/me/subscription/reactivate', a.who)).status).toBe(409);
  });
});

describe('the products the iOS app buys (decision 0034)', () => {
  it('the price list names each configured App Store product with its plan and interval', async () => {
    const res = await server.api('/api/core/subscriptions/account/plans');
    expect(res.status).toBe(200);
    expect((await body(res)).appleProducts).toEqual([
      { productId: PRO_MONTHLY, plan: 'earningshub_pro', priceType: 'monthly' },
      { productId: PRO_YEARLY, plan: 'earningshub_pro', priceType: 'yearly' },
    ]);
    // An app that sells none of those plans has none.
    const other = await server.api('/api/core/subscriptions/account/plans?app=other_app');
    expect((await body(other)).appleProducts).toEqual([]);
  });

  it('names none while billing is off (the notifications route answers 503 then too)', async () => {
    const off = await startTestServer({
      BILLING_PROVIDER: 'off',
      APPLE_ROOT_CERTS: trusted.rootPath,
      APPLE_BUNDLE_ID: BUNDLE_ID,
      APPLE_APP_APPLE_ID: String(APP_APPLE_ID),
      APPLE_PRODUCT_IDS: `${PRO_YEARLY}=earningshub_pro:yearly`,
    });
    try {
      const plans = await body(await off.api('/api/core/subscriptions/account/plans'));
      expect(plans.billing).toBeNull();
      expect(plans.appleProducts).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('App Store notifications', () => {
  it('SUBSCRIBED makes a free user paid pro; DID_RENEW extends; DID_FAIL_TO_RENEW is delinquent; REFUND ends it', async () => {
    const { who, token } = await newUser('lifecycle.apple@example.com');
    expect((await me(who)).accountFeatures.ehs).toBe(false);
    const purchase = purchaseFor(token);

    const subscribed = notification(purchase, 'SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    const res = await deliver(subscribed);
    expect(res).toEqual({ status: 200, json: { received: true, duplicate: false } });
    let account = await me(who);
    expect(account.accountSubscription).toMatchObject({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
      price: 24.99,
      priceType: 'monthly',
    });
    expect(account.accountFeatures).toMatchObject({ ehs: true, shortInterest: true, corporateGuidance: true });
    const firstEnd = new Date(account.accountSubscription.nextChargeDate).getTime();
    expect(firstEnd).toBe(subscribed.signedDate - 5000 + 30 * DAY);
    const view = (await call('GET', '/core/users/me/subscription', who)).json;
    expect(view.subscription).toMatchObject({
      provider: 'apple',
      plan: 'earningshub_pro',
      priceType: 'monthly',
      amount: 2499,
      status: 'active',
    });
    expect(await charges(who)).toMatchObject([{ provider: 'apple', status: 'paid', amount: 2499, currency: 'usd' }]);
    // Changed in the App Store, not here: the card provider neither subscribes over it nor refunds it.
    const web = await call('POST', '/core/users/me/subscription', who, { stripePaymentMethodId: '4242424242424242' });
    expect(web.status).toBe(409);
    expect(web.json.message).toContain('App Store');
    expect((await call('GET', '/core/users/me/subscription/refund', who)).json).toMatchObject({ eligible: false });

    const renewed = notification(purchase, 'DID_RENEW', { expiresDate: firstEnd + 30 * DAY });
    expect((await deliver(renewed)).status).toBe(200);
    account = await me(who);
    expect(new Date(account.accountSubscription.nextChargeDate).getTime()).toBe(firstEnd + 30 * DAY);
    expect((await charges(who)).map((c: { status: string }) => c.status)).toEqual(['paid', 'paid']);

    const autoRenewOff = notification(purchase, 'DID_CHANGE_RENEWAL_STATUS', { subtype: 'AUTO_RENEW_DISABLED' });
    expect((await deliver(autoRenewOff)).status).toBe(200);
    expect((await call('GET', '/core/users/me/subscription', who)).json.subscription.cancelAtPeriodEnd).toBe(true);
    expect((await me(who)).accountFeatures.ehs).toBe(true);

    const failed = notification(purchase, 'DID_FAIL_TO_RENEW');
    expect((await deliver(failed)).status).toBe(200);
    account = await me(who);
    expect(account.accountSubscription).toMatchObject({ subscriptionType: 'paid', status: 'delinquent' });
    expect(account.accountFeatures).toMatchObject({ ehs: false, shortInterest: false, subscriptionType: 'free' });
    expect((await charges(who)).map((c: { status: string }) => c.status)).toEqual(['failed', 'paid', 'paid']);

    const recovered = notification(purchase, 'DID_RENEW', {
      subtype: 'BILLING_RECOVERY',
      expiresDate: firstEnd + 60 * DAY,
    });
    expect((await deliver(recovered)).status).toBe(200);
    expect((await me(who)).accountFeatures.ehs).toBe(true);

    // Refunded while its period runs: the charge is refunded and Apple takes the access back.
    const refund = notification(purchase, 'REFUND', {
      transactionId: recovered.transactionId,
      expiresDate: firstEnd + 60 * DAY,
      revocationDate: Date.now(),
    });
    expect((await deliver(refund)).status).toBe(200);
    const history = await charges(who);
    expect(history.find((c: { refunded: boolean }) => c.refunded)).toMatchObject({
      status: 'refunded',
      provider: 'apple',
      amount: 2499,
    });
    expect(history.filter((c: { refunded: boolean }) => c.refunded)).toHaveLength(1);
    account = await me(who);
    expect(account.accountSubscription).toMatchObject({ plan: 'free', subscriptionType: 'free', status: 'canceled' });
    expect(account.accountFeatures.ehs).toBe(false);
  });

  it('a notification replayed 3× changes state once', async () => {
    const { who, token } = await newUser('replay.apple@example.com');
    const subscribed = notification(purchaseFor(token), 'SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    const answers = [await deliver(subscribed), await deliver(subscribed), await deliver(subscribed)];
    expect(answers.map((a) => [a.status, a.json.duplicate])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    const processed = await server.ctx.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, subscribed.uuid));
    expect(processed).toMatchObject([{ provider: 'apple', type: 'invoice.paid' }]);
    expect(await charges(who)).toHaveLength(1);

    // Delivered 3× at once: still applied once.
    const together = notification(purchaseFor(token), 'SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    const all = await Promise.all([deliver(together), deliver(together), deliver(together)]);
    expect(all.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(all.filter((a) => a.json.duplicate === false)).toHaveLength(1);
    expect(await charges(who)).toHaveLength(2);
  });

  it('a payload another chain signed, a tampered one, another app’s or an unsigned environment’s is a 400 and changes nothing', async () => {
    const { who, token } = await newUser('forged.apple@example.com');
    const purchase = purchaseFor(token);
    const before = await me(who);
    const forged = notification(purchase, 'SUBSCRIBED', { subtype: 'INITIAL_BUY', chain: stranger });
    const genuine = notification(purchase, 'SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    const [header, payload, signature] = genuine.signedPayload.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = {
      signedPayload: [
        header,
        Buffer.from(JSON.stringify({ ...claims, notificationType: 'DID_RENEW' })).toString('base64url'),
        signature,
      ].join('.'),
    };
    const otherApp = notification({ ...purchase, bundleId: 'com.example.other' }, 'SUBSCRIBED');
    // Xcode and LocalTesting data is not signed by the App Store (the library skips the check): never accepted.
    const xcode = notification({ ...purchase, environment: 'Xcode' }, 'SUBSCRIBED', { chain: stranger });
    for (const attempt of [forged, tampered, otherApp, xcode]) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^body\.signedPayload: refused: /);
    }
    expect((await deliver({ signedPayload: 'not-a-jws' })).status).toBe(400);
    expect(await me(who)).toEqual(before);
    expect(await rowsOf(purchase.originalTransactionId)).toEqual([]);
    expect(await charges(who)).toEqual([]);
    const processed = await server.ctx.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, forged.uuid));
    expect(processed).toEqual([]);
  });

  it('notifications delivered out of order end in the newest state', async () => {
    const { who, token } = await newUser('order.apple@example.com');
    const purchase = purchaseFor(token);
    // Signed in this order: bought, renewed, renewal failed; delivered newest first.
    const subscribed = notification(purchase, 'SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    const renewed = notification(purchase, 'DID_RENEW');
    const failed = notification(purchase, 'DID_FAIL_TO_RENEW');
    for (const note of [failed, subscribed, renewed]) expect((await deliver(note)).status).toBe(200);
    const [row] = await rowsOf(purchase.originalTransactionId);
    expect(row).toMatchObject({ provider: 'apple', status: 'delinquent', lastEventId: failed.uuid });
    expect(row?.lastEventAt?.getTime()).toBe(failed.signedDate);
    expect((await me(who)).accountSubscription.status).toBe('delinquent');
    expect((await me(who)).accountFeatures.ehs).toBe(false);
    // The late payments are still recorded as what they were.
    expect((await charges(who)).map((c: { status: string }) => c.status).sort()).toEqual(['failed', 'paid', 'paid']);

    // It expires; a late renewal does not bring it back; buying again later does (a new row, the same purchase).
    const expired = notification(purchase, 'EXPIRED', { subtype: 'BILLING_RETRY' });
    const lateRenewal = notification(purchase, 'DID_RENEW', { signedDate: expired.signedDate - 500 });
    expect((await deliver(expired)).status).toBe(200);
    expect((await deliver(lateRenewal)).status).toBe(200);
    expect((await me(who)).accountSubscription).toMatchObject({ plan: 'free', status: 'canceled' });
    const again = notification({ ...purchase, productId: PRO_YEARLY }, 'SUBSCRIBED', {
      subtype: 'RESUBSCRIBE',
      expiresDate: Date.now() + 365 * DAY,
    });
    expect((await deliver(again)).status).toBe(200);
    expect((await me(who)).accountSubscription).toMatchObject({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
      priceType: 'yearly',
    });
    const rows = await rowsOf(purchase.originalTransactionId);
    expect(rows.map((r) => [r.providerSubscriptionId, r.status]).sort()).toEqual([
      [purchase.originalTransactionId, 'canceled'],
      [`${purchase.originalTransactionId}:${again.transactionId}`, 'active'],
    ]);
  });

  it('an unknown appAccountToken, or none for an unknown subscription, is acknowledged and changes nothing', async () => {
    const { who } = await newUser('unknown.apple@example.com');
    const before = await me(who);
    const unknown = purchaseFor(randomUUID());
    const none = purchaseFor(null);
    for (const note of [notification(unknown, 'SUBSCRIBED'), notification(none, 'SUBSCRIBED')]) {
      const res = await deliver(note);
      expect(res).toEqual({ status: 200, json: { received: true, duplicate: false } });
      const processed = await server.ctx.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.eventId, note.uuid));
      expect(processed).toEqual([]);
    }
    expect(await rowsOf(unknown.originalTransactionId)).toEqual([]);
    expect(await rowsOf(none.originalTransactionId)).toEqual([]);
    expect(await me(who)).toEqual(before);
  });

  it('a product APPLE_PRODUCT_IDS does not name is acknowledged and changes nothing', async () => {
    const { who, token } = await newUser('product.apple@example.com');
    const purchase = purchaseFor(token, 'com.example.earningshub.coins');
    expect((await deliver(notification(purchase, 'SUBSCRIBED'))).status).toBe(200);
    expect(await rowsOf(purchase.originalTransactionId)).toEqual([]);
    expect((await me(who)).accountSubscription.subscriptionType).toBe('free');
  });

  it('Sandbox (TestFlight, App Review) is accepted when configured', async () => {
    const { who, token } = await newUser('sandbox.apple@example.com');
    const purchase = { ...purchaseFor(token), environment: 'Sandbox' };
    expect((await deliver(notification(purchase, 'SUBSCRIBED'))).status).toBe(200);
    expect((await me(who)).accountFeatures.ehs).toBe(true);
  });
});

describe('App Store not set up', () => {
  it('answers 503 saying so (a bad body is still a 400 naming the field)', async () => {
    const bare = await startTestServer({ BILLING_PROVIDER: 'test' });
    try {
      const post = (payload: unknown) => bare.api('/api/payments/apple/notifications', json(payload));
      const res = await post({ signedPayload: 'a.b.c' });
      expect(res.status).toBe(503);
      expect((await body(res)).message).toBe(
        'App Store notifications are not set up on this server (APPLE_ROOT_CERTS, APPLE_BUNDLE_ID, APPLE_PRODUCT_IDS).',
      );
      const bad = await post({ signedPayload: 42 });
      expect(bad.status).toBe(400);
      expect((await body(bad)).message).toContain('signedPayload');
      // Nothing to buy in the app either: the iOS app says so instead of showing card checkout.
      expect((await body(await bare.api('/api/core/subscriptions/account/plans'))).appleProducts).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
