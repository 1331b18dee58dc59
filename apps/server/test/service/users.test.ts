/**
 * Users on the service tier: the account created on the first call and its features by plan, profile updates kept
 * to one's own account, settings merged within their limits, the marketing choice, the first signup source, push
 * tokens, public profiles, avatars, the demo accounts, phone verification and the re-sync from the identity, and
 * what deleting an account removes.
 */
import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES, SETTINGS_LIMITS, WEB_PUSH_APP_NAME } from '@eh/contracts';
import { idpUsers, pushTokens } from '@eh/db';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUserAttributes } from '../../src/idp/account.ts';
import { verifyAccessToken } from '../../src/idp/flow.ts';
import * as idpQueries from '../../src/idp/queries.ts';
import { refreshedTokens } from '../../src/idp/service.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { mine as myOrganization } from '../../src/modules/teams/service.ts';
import { readAvatar, removeAvatar, setAvatar } from '../../src/modules/users/avatar.ts';
import * as q from '../../src/modules/users/queries.ts';
import * as users from '../../src/modules/users/service.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { eachDatabase } from './context.ts';
import { type IdpClient, idpClient } from './idp-client.ts';

const OWN_ONLY = { statusCode: 403, message: 'You can only change your own account' };
const PHONE = '+12025550177';
// A real 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==';

/** What a synchronous call threw. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

eachDatabase((service) => {
  let ann: Caller;
  let bob: Caller;
  let client: IdpClient;
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;

  beforeAll(async () => {
    [ann, bob] = await Promise.all([service().user(), service().user()]);
    client = idpClient(await service().idp());
  });

  /** A person who signed up through the identity provider and signed in: the caller and their tokens. */
  async function signedIn(email: string) {
    const sub = await client.register(email);
    return { caller: { sub, email }, tokens: await client.tokens(email) };
  }

  describe('the account', () => {
    it('is created on the first call as a free account with the free features', async () => {
      const sub = randomUUID();
      const newcomer = { sub, email: `newcomer-${sub.slice(0, 8)}@example.com` };
      expect(await q.getUserRow(db(), { id: sub })).toBeUndefined();
      const me = await users.me(ctx(), newcomer);
      expect(me).toMatchObject({
        id: sub,
        email: newcomer.email,
        name: null,
        avatarUrl: null,
        displayPlan: 'free',
        team: null,
        superAdmin: false,
        externalProviderData: [],
      });
      expect(me.accountSubscription).toMatchObject({ subscriptionType: 'free', status: 'active', plan: 'free' });
      expect(me.accountFeatures).toMatchObject({ listLimit: 1, alerts: false, ehs: false });
      expect(await q.getUserRow(db(), { id: sub })).toMatchObject({ id: sub, email: newcomer.email, plan: 'free' });
    });

    it('derives features from the plan: plus is paid without the pro-only ones, delinquent pro is free', async () => {
      const carl = await service().user();
      const setPlan = (plan: string, status: 'active' | 'delinquent') =>
        q.updateUser(db(), { id: carl.sub, set: { plan, subscriptionType: 'paid', subscriptionStatus: status } });
      await setPlan('earningshub_plus', 'active');
      let me = await users.me(ctx(), carl);
      expect(me.displayPlan).toBe('earningshub_plus');
      expect(me.accountFeatures).toMatchObject({ listLimit: -1, alerts: true, ehs: false, shortInterest: false });
      await setPlan('earningshub_pro', 'active');
      me = await users.me(ctx(), carl);
      expect(me.accountFeatures).toMatchObject({ listLimit: -1, ehs: true, shortInterest: true });
      await setPlan('earningshub_pro', 'delinquent');
      me = await users.me(ctx(), carl);
      expect(me.accountFeatures).toMatchObject({ subscriptionType: 'free', listLimit: 1, ehs: false });
    });
  });

  describe('profile and preferences', () => {
    it("updates only what is sent, and only one's own account", async () => {
      expect((await users.update(ctx(), ann, ann.sub, { name: 'Ann Trader' })).name).toBe('Ann Trader');
      expect((await users.update(ctx(), ann, ann.sub, {})).name).toBe('Ann Trader');
      await expect(users.update(ctx(), ann, bob.sub, { name: 'Hacked' })).rejects.toMatchObject(OWN_ONLY);
      expect((await users.me(ctx(), bob)).name).toBeNull();
      expect((await users.update(ctx(), bob, bob.sub, { name: 'Bob' })).name).toBe('Bob');
      expect((await users.update(ctx(), bob, bob.sub, { name: null })).name).toBeNull();
    });

    it('merges settings, and refuses a patch that together with the saved ones passes the limits', async () => {
      expect(await users.settings(ctx(), bob)).toEqual({ settings: {} });
      expect(await users.settings(ctx(), bob, { theme: 'dark' })).toEqual({ settings: { theme: 'dark' } });
      const merged = { theme: 'dark', locale: 'en-US' };
      expect(await users.settings(ctx(), bob, { locale: 'en-US' })).toEqual({ settings: merged });
      expect(await users.settings(ctx(), bob)).toEqual({ settings: merged });

      // Each patch holds strings within the per-string limit; half the byte limit in each, so two pass it.
      const half = (prefix: string) =>
        Object.fromEntries(
          Array.from({ length: Math.ceil(SETTINGS_LIMITS.maxBytes / 2 / SETTINGS_LIMITS.maxStringLength) }, (_, i) => [
            `${prefix}${i}`,
            'x'.repeat(SETTINGS_LIMITS.maxStringLength),
          ]),
        );
      const first = { ...merged, ...half('a') };
      expect(await users.settings(ctx(), bob, half('a'))).toEqual({ settings: first });
      await expect(users.settings(ctx(), bob, half('b'))).rejects.toMatchObject({
        statusCode: 400,
        message: `body.settings: together with the settings already saved, they must be at most ${SETTINGS_LIMITS.maxBytes} bytes as JSON`,
      });
      expect(await users.settings(ctx(), bob)).toEqual({ settings: first });
    });

    it('keeps the marketing choice', async () => {
      expect(await users.marketing(ctx(), bob)).toEqual({ subscribed: false });
      expect(await users.marketing(ctx(), bob, true)).toEqual({ subscribed: true });
      expect(await users.marketing(ctx(), bob)).toEqual({ subscribed: true });
      expect(await users.marketing(ctx(), bob, false)).toEqual({ subscribed: false });
      expect(await users.marketing(ctx(), bob)).toEqual({ subscribed: false });
    });

    it('records the first signup source only', async () => {
      expect(
        await users.recordSource(ctx(), bob, { signupSource: 'cnbc', affiliateId: 'aff-1', signupProduct: undefined }),
      ).toEqual({ signup: { signupSource: 'cnbc', affiliateId: 'aff-1' } });
      expect(await users.recordSource(ctx(), bob, { signupSource: 'google' })).toEqual({
        signup: { signupSource: 'cnbc', affiliateId: 'aff-1' },
      });
      expect((await q.getUserRow(db(), { id: bob.sub }))?.signup).toEqual({
        signupSource: 'cnbc',
        affiliateId: 'aff-1',
      });
    });
  });

  describe('push tokens', () => {
    it('counts tokens per app without duplicates; a token registered again from another app moves to it', async () => {
      const token = { token: 'fcm-token-abcdefgh', appName: 'earningshub' };
      expect(await users.addPushToken(ctx(), bob, token)).toEqual({ registered: true });
      await users.addPushToken(ctx(), bob, token);
      expect(await users.pushTokenCount(ctx(), bob, 'earningshub')).toEqual({ count: 1 });
      await users.addPushToken(ctx(), bob, { token: 'fcm-token-second01', appName: 'earningshub' });
      expect(await users.pushTokenCount(ctx(), bob, 'earningshub')).toEqual({ count: 2 });
      await users.addPushToken(ctx(), bob, { token: token.token, appName: 'earningshub-ios' });
      expect(await users.pushTokenCount(ctx(), bob, 'earningshub')).toEqual({ count: 1 });
      expect(await users.pushTokenCount(ctx(), bob, 'earningshub-ios')).toEqual({ count: 1 });
      expect(await users.pushTokenCount(ctx(), ann, 'earningshub')).toEqual({ count: 0 });
    });

    it('checks a web push subscription field by field and stores it in one canonical form', async () => {
      const keys = {
        p256dh: Buffer.alloc(65, 4).toString('base64url'),
        auth: Buffer.alloc(16, 7).toString('base64url'),
      };
      const local = JSON.stringify({ endpoint: 'https://127.0.0.1/push/1', keys });
      await expect(users.addPushToken(ctx(), ann, { token: local, appName: WEB_PUSH_APP_NAME })).rejects.toMatchObject({
        statusCode: 400,
        message: 'body.token.endpoint: must be an https:// URL of a push service',
      });
      const endpoint = 'https://push.example.com/send/ann-1';
      const sent = JSON.stringify({ keys: { auth: keys.auth, p256dh: keys.p256dh }, endpoint, extra: true });
      expect(await users.addPushToken(ctx(), ann, { token: sent, appName: WEB_PUSH_APP_NAME })).toEqual({
        registered: true,
      });
      const stored = await db()
        .select({ token: pushTokens.token })
        .from(pushTokens)
        .where(and(eq(pushTokens.userId, ann.sub), eq(pushTokens.appName, WEB_PUSH_APP_NAME)));
      expect(stored).toEqual([{ token: JSON.stringify({ endpoint, expirationTime: null, keys }) }]);
    });
  });

  describe('public profiles and avatars', () => {
    it('gives the public fields only, of the accounts that exist', async () => {
      const { users: found } = await users.publicProfiles(ctx(), [ann.sub, bob.sub, randomUUID()]);
      expect(found.map((user) => user.id).sort()).toEqual([ann.sub, bob.sub].sort());
      for (const user of found) expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'id', 'name']);
      expect(found.find((user) => user.id === ann.sub)).toEqual({ id: ann.sub, name: 'Ann Trader', avatarUrl: null });
    });

    it('stores an image whose content matches its type, reads it back, and shows its address on the account', async () => {
      const { avatarUrl } = await setAvatar(ctx(), bob, `data:image/png;base64,${PNG}`);
      expect(avatarUrl).toMatch(new RegExp(`^/api/core/users/${bob.sub}/avatar\\?v=\\d+$`));
      expect(readAvatar(ctx(), bob.sub)).toEqual({ type: 'image/png', bytes: Buffer.from(PNG, 'base64') });
      expect((await users.me(ctx(), bob)).avatarUrl).toBe(avatarUrl);
      expect((await users.publicProfiles(ctx(), [bob.sub])).users).toEqual([{ id: bob.sub, name: null, avatarUrl }]);
    });

    it('refuses content of another type and more than 512 KB; answers 404 without an avatar or once removed', async () => {
      await expect(setAvatar(ctx(), ann, `data:image/jpeg;base64,${PNG}`)).rejects.toMatchObject({
        statusCode: 400,
        message: 'body.avatar: content is not a image/jpeg image',
      });
      const large = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(AVATAR_MAX_BYTES)]).toString('base64');
      await expect(setAvatar(ctx(), ann, `data:image/png;base64,${large}`)).rejects.toMatchObject({
        statusCode: 400,
        message: 'body.avatar: must be at most 512 KB',
      });
      const none = { statusCode: 404, message: 'No avatar for this user' };
      expect(thrown(() => readAvatar(ctx(), ann.sub))).toMatchObject(none);
      expect((await users.me(ctx(), ann)).avatarUrl).toBeNull();
      removeAvatar(ctx(), bob.sub);
      expect(thrown(() => readAvatar(ctx(), bob.sub))).toMatchObject(none);
    });
  });

  describe('demo accounts', () => {
    it('exist on the embedded database only, one per plan, with their features', async () => {
      const identities = await Promise.all(
        DEMO_ACCOUNTS.map((account) => idpQueries.findUser(db(), { login: account.email })),
      );
      const pro = DEMO_ACCOUNTS.find((account) => account.plan === 'earningshub_pro');
      if (!pro) throw new Error('no pro demo account');
      if (service().kind !== 'pglite') {
        expect(identities).toEqual(DEMO_ACCOUNTS.map(() => undefined));
        await expect(client.passwordSignIn(pro.email, DEMO_PASSWORD)).rejects.toMatchObject({
          type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
        return;
      }
      expect((await client.passwordSignIn(pro.email, DEMO_PASSWORD)).AuthenticationResult?.TokenType).toBe('Bearer');
      const accounts = await Promise.all(
        DEMO_ACCOUNTS.map(async (account, i) => {
          const sub = identities[i]?.sub;
          if (!sub) throw new Error(`no identity for ${account.email}`);
          return {
            account,
            caller: { sub, email: account.email },
            me: await users.me(ctx(), { sub, email: account.email }),
          };
        }),
      );
      for (const { account, me } of accounts) {
        if (account.plan === 'earningshub_team') continue;
        expect(me.displayPlan, account.email).toBe(account.plan);
        expect(me.accountSubscription, account.email).toMatchObject({
          plan: account.plan,
          subscriptionType: account.plan === 'free' ? 'free' : 'paid',
          status: 'active',
        });
      }
      expect(accounts.find((a) => a.account === pro)?.me.accountFeatures).toMatchObject({ listLimit: -1, ehs: true });

      // The team account is as the product leaves a team's owner: its team's subscription gives the plan, its own
      // stays free, and every screen reading the account names the team's plan.
      const team = accounts.find((a) => a.account.plan === 'earningshub_team');
      if (!team) throw new Error('no team demo account');
      expect({
        displayPlan: team.me.displayPlan,
        own: team.me.accountSubscription.plan,
        team: team.me.team?.plan,
        ehs: team.me.accountFeatures.ehs,
      }).toEqual({ displayPlan: 'earningshub_team', own: 'free', team: 'earningshub_team', ehs: true });
      expect(await myOrganization(ctx(), team.caller)).toMatchObject({
        role: 'owner',
        organization: { name: team.me.team?.name },
      });
    });
  });

  describe('phone verification', () => {
    let dee: Awaited<ReturnType<typeof signedIn>>;

    beforeAll(async () => {
      dee = await signedIn('dee.phone@example.com');
    });

    it("refuses another account, an account without a phone number, and one the identity provider doesn't know", async () => {
      const idp = client.idp;
      await expect(users.verifyPhone(idp, dee.caller, ann.sub, '123456')).rejects.toMatchObject(OWN_ONLY);
      await expect(users.verifyPhone(idp, dee.caller, dee.caller.sub, '123456')).rejects.toMatchObject({
        statusCode: 400,
        message: 'The account has no phone number to verify',
      });
      const stranger = { sub: randomUUID(), email: 'stranger@example.com' };
      await expect(users.verifyPhone(idp, stranger, stranger.sub, '123456')).rejects.toMatchObject({
        statusCode: 404,
        message: 'This account has no identity to verify',
      });
    });

    it('verifies the phone number with the texted code, once', async () => {
      const idp = client.idp;
      const texted = await updateUserAttributes(idp, {
        AccessToken: dee.tokens.AccessToken,
        UserAttributes: [{ Name: 'phone_number', Value: PHONE }],
      });
      expect(texted).toEqual({
        CodeDeliveryDetailsList: [
          { Destination: `+*******${PHONE.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
        ],
      });
      const code = await client.lastCode(PHONE);
      const wrong = code === '000000' ? '000001' : '000000';
      await expect(users.verifyPhone(idp, dee.caller, dee.caller.sub, wrong)).rejects.toMatchObject({
        statusCode: 400,
        message: 'body.code: Invalid verification code provided, please try again.',
      });
      expect(await users.verifyPhone(idp, dee.caller, dee.caller.sub, code)).toEqual({
        phoneNumber: PHONE,
        phoneNumberVerified: true,
      });
      expect(await idpQueries.getUser(db(), { sub: dee.caller.sub })).toMatchObject({
        phoneNumber: PHONE,
        phoneNumberVerified: true,
      });
      await expect(users.verifyPhone(idp, dee.caller, dee.caller.sub, code)).rejects.toMatchObject({
        statusCode: 400,
        message: 'body.code: Invalid code provided, please request a code again.',
      });
    });
  });

  describe('re-sync from the identity', () => {
    it('refuses another account, and an account the identity provider does not know', async () => {
      await expect(users.syncFromIdentity(ctx(), ann, bob.sub)).rejects.toMatchObject(OWN_ONLY);
      const stranger = { sub: randomUUID(), email: 'stranger@example.com' };
      await expect(users.syncFromIdentity(ctx(), stranger, stranger.sub)).rejects.toMatchObject({
        statusCode: 404,
        message: 'This account has no identity at this identity provider',
      });
    });

    it("takes the identity's verified email and its name, and reports the flags and the linked providers", async () => {
      const eve = await service().user();
      // The identity changed behind the account's back: a new verified email and a name from a provider.
      await idpQueries.updateUser(db(), {
        sub: eve.sub,
        set: { email: 'eve.new@example.com', emailVerified: true, attributes: { name: 'Eve Builder' } },
      });
      expect((await users.me(ctx(), eve)).email).toBe(eve.email);
      expect(await users.syncFromIdentity(ctx(), eve, eve.sub)).toMatchObject({
        id: eve.sub,
        email: 'eve.new@example.com',
        name: 'Eve Builder',
        emailVerified: true,
        phoneNumber: null,
        phoneNumberVerified: false,
        externalProviderData: [],
      });
      expect(await users.me(ctx(), eve)).toMatchObject({ email: 'eve.new@example.com', name: 'Eve Builder' });

      // A name the account has is kept; linked providers are listed oldest first.
      await idpQueries.updateUser(db(), { sub: eve.sub, set: { attributes: { name: 'Someone Else' } } });
      for (const [providerName, providerUserId] of [
        ['SignInWithApple', 'apple-eve'],
        ['Google', 'google-eve'],
      ] as const) {
        expect(await idpQueries.linkFederatedIdentity(db(), { providerName, providerUserId, sub: eve.sub })).toBe(true);
      }
      expect(await users.syncFromIdentity(ctx(), eve, eve.sub)).toMatchObject({
        name: 'Eve Builder',
        externalProviderData: [
          { providerName: 'SignInWithApple', providerUserId: 'apple-eve' },
          { providerName: 'Google', providerUserId: 'google-eve' },
        ],
      });
    });

    it('keeps the stored email while the new one is unverified, and reports the verified phone', async () => {
      const dee = await idpQueries.findUser(db(), { login: 'dee.phone@example.com' });
      if (!dee) throw new Error('dee has no identity');
      const caller = { sub: dee.sub, email: 'dee.phone@example.com' };
      await idpQueries.updateUser(db(), {
        sub: dee.sub,
        set: { email: 'dee.unverified@example.com', emailVerified: false },
      });
      expect(await users.syncFromIdentity(ctx(), caller, caller.sub)).toMatchObject({
        email: 'dee.phone@example.com',
        emailVerified: false,
        phoneNumber: PHONE,
        phoneNumberVerified: true,
      });
    });
  });

  describe('deleting the account', () => {
    it('removes the account, its identity and its data, ends its sessions, and frees the email', async () => {
      const email = 'cy.delete@example.com';
      const { caller: cy, tokens } = await signedIn(email);
      await users.me(ctx(), cy);
      await users.addPushToken(ctx(), cy, { token: 'fcm-token-cy-0001', appName: 'earningshub' });
      const origin = String(decodeJwt(tokens.AccessToken).origin_jti);

      expect(await users.deleteAccount(ctx(), cy)).toEqual({ deleted: true });
      expect(await q.getUserRow(db(), { id: cy.sub })).toBeUndefined();
      expect(await q.identityOf(db(), { id: cy.sub })).toBeUndefined();
      expect(await db().select().from(idpUsers).where(eq(idpUsers.sub, cy.sub))).toEqual([]);
      expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, cy.sub))).toEqual([]);
      expect(await idpQueries.isOriginRevoked(db(), { originJti: origin })).toBe(true);
      await expect(verifyAccessToken(client.idp, tokens.AccessToken)).rejects.toMatchObject({
        type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      await expect(refreshedTokens(client.idp, tokens.RefreshToken, client.ClientId)).rejects.toMatchObject({
        type: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });

      const again = await client.register(email);
      expect(again).not.toBe(cy.sub);
      expect((await client.tokens(email)).TokenType).toBe('Bearer');
    });
  });
});
