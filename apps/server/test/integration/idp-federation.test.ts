import { idpFederatedIdentities, idpUsers } from '@eh/db';
import { CognitoUser, CognitoUserAttribute } from 'amazon-cognito-identity-js';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signedInUser, signIn, userPool } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import {
  APP_SIGNIN,
  authorizeUrl,
  CALLBACK,
  deliverToCallback,
  exchange,
  federatedSignIn,
  pkce,
  startProviders,
} from '../oauth-client.ts';
import { signInAtStandIn } from '../oidc-stand-in.ts';

let server: TestServer;
let providers: Awaited<ReturnType<typeof startProviders>>;

const PASSWORD = 'Earnings-2026!';
/** At the provider: a new person, one whose verified email has an account here, and one whose email is unverified. */
const NEWCOMER = { sub: 'google-new-0001', email: 'grace@example.com', emailVerified: true, name: 'Grace Hopper' };
const MEMBER = { sub: 'google-member-0002', email: 'member@example.com', emailVerified: true };
const UNVERIFIED = { sub: 'google-unverified-0003', email: 'victim@example.com', emailVerified: false };
const APPLE_MEMBER = { sub: '001234.apple.member', email: 'member@example.com', emailVerified: true };
/** Someone who only ever signed in with Google, then tries the email form. */
const GOOGLE_ONLY = { sub: 'google-only-0004', email: 'only.google@example.com', emailVerified: true };

beforeAll(async () => {
  providers = await startProviders([NEWCOMER, MEMBER, UNVERIFIED, APPLE_MEMBER, GOOGLE_ONLY]);
  server = await startTestServer(providers.env);
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

/** Signs in at a provider and trades the code for tokens, as the web app does; returns the tokens' claims. */
async function signInWith(sub: string, provider = 'Google') {
  const { verifier, challenge } = pkce();
  const back = await federatedSignIn(server, sub, { challenge, provider });
  const error = back.searchParams.get('error_description');
  if (error) return { error, back };
  const { status, body: tokens } = await exchange(server, back.searchParams.get('code') ?? '', verifier);
  expect(status).toBe(200);
  const headers = { authorization: `Bearer ${tokens.id_token}`, 'x-access-token': tokens.access_token ?? '' };
  return { error: null, id: decodeJwt(tokens.id_token ?? ''), tokens, headers, back };
}

describe('federated sign-in', () => {
  it('creates a user for a new person, with the verified email and the link in externalProviderData', async () => {
    const result = await signInWith(NEWCOMER.sub);
    expect(result.error).toBeNull();
    expect(result.id).toMatchObject({
      email: NEWCOMER.email,
      email_verified: true,
      'cognito:username': `google_${NEWCOMER.sub}`,
    });
    const me = await body(await server.api('/api/core/users/me', { headers: result.headers }));
    expect(me).toMatchObject({
      id: result.id?.sub,
      email: NEWCOMER.email,
      externalProviderData: [{ providerName: 'Google', providerUserId: NEWCOMER.sub }],
    });
    // The next sign-in finds the same user.
    const again = await signInWith(NEWCOMER.sub);
    expect(again.id?.sub).toBe(result.id?.sub);
  });

  it("links an account with the same verified email, answering 'Already found an entry for username' first, then signs in", async () => {
    const member = await signedInUser(server, MEMBER.email, PASSWORD);
    const first = await signInWith(MEMBER.sub);
    expect(first.error).toBe(`Already found an entry for username Google_${MEMBER.sub}`);
    expect(first.back.searchParams.get('error')).toBe('invalid_request');
    expect(`${first.back.origin}${first.back.pathname}`).toBe(APP_SIGNIN);
    expect(first.back.searchParams.get('state')).toBe('app-state-1');
    // SPEC §4: the client retries with the stored provider, and the retry signs the existing user in.
    const retry = await signInWith(MEMBER.sub);
    expect(retry.error).toBeNull();
    expect(retry.id?.sub).toBe(member.sub);
    const me = await body(await server.api('/api/core/users/me', { headers: retry.headers }));
    expect(me.externalProviderData).toEqual([{ providerName: 'Google', providerUserId: MEMBER.sub }]);
    // The password still works for the same account.
    const byPassword = await signIn(server, MEMBER.email, PASSWORD);
    expect(decodeJwt(byPassword.authorization.slice(7)).sub).toBe(member.sub);
  });

  it('never links on an email the provider has not verified', async () => {
    const victim = await signedInUser(server, UNVERIFIED.email, PASSWORD);
    const result = await signInWith(UNVERIFIED.sub);
    expect(result.error).toBeNull();
    expect(result.id?.sub).not.toBe(victim.sub);
    expect(result.id?.email_verified).toBe(false);
    const links = await server.ctx.db
      .select()
      .from(idpFederatedIdentities)
      .where(eq(idpFederatedIdentities.sub, victim.sub));
    expect(links).toEqual([]);
    const victimMe = await body(await server.api('/api/core/users/me', { headers: victim.headers }));
    expect(victimMe.externalProviderData).toEqual([]);
  });

  it('signs in with Apple through its form_post answer, linked like Google', async () => {
    const answer = await signInAtStandIn(
      authorizeUrl(server, { provider: 'SignInWithApple', challenge: pkce().challenge }),
      APPLE_MEMBER.sub,
    );
    // Apple posts the answer back instead of redirecting.
    expect(answer.redirect).toBeNull();
    expect(answer.form?.action).toBe(CALLBACK);
    const back = await deliverToCallback(server, answer);
    expect(back.searchParams.get('error_description')).toBe(
      `Already found an entry for username SignInWithApple_${APPLE_MEMBER.sub}`,
    );
    const retry = await signInWith(APPLE_MEMBER.sub, 'SignInWithApple');
    expect(retry.error).toBeNull();
    const me = await body(await server.api('/api/core/users/me', { headers: retry.headers }));
    expect(me.externalProviderData).toEqual([
      { providerName: 'Google', providerUserId: MEMBER.sub },
      { providerName: 'SignInWithApple', providerUserId: APPLE_MEMBER.sub },
    ]);
  });

  it("passes the provider's refusal back to the app, and refuses a state it did not seal", async () => {
    const res = await fetch(authorizeUrl(server, { challenge: pkce().challenge }), { redirect: 'manual' });
    const state = new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const denied = await fetch(
      `${server.url}/idp/oauth2/idpresponse?error=access_denied&error_description=End-User+aborted+interaction&state=${encodeURIComponent(state)}`,
      { redirect: 'manual' },
    );
    const back = new URL(denied.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBe('End-User aborted interaction');
    expect(back.searchParams.get('state')).toBe('app-state-1');
    const forged = await fetch(`${server.url}/idp/oauth2/idpresponse?code=abc&state=not-ours`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect((await body(forged)).message).toMatch(/^query\.state: /);
  });

  it("refuses a provider's code that does not belong to the flow's PKCE and nonce", async () => {
    // Two flows: the provider's code of the first delivered with the state of the second.
    const first = await signInAtStandIn(authorizeUrl(server, { challenge: pkce().challenge }), NEWCOMER.sub);
    const res = await fetch(authorizeUrl(server, { challenge: pkce().challenge }), { redirect: 'manual' });
    const otherState = new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const mixed = new URL(first.redirect ?? '');
    mixed.searchParams.set('state', otherState);
    const back = await deliverToCallback(server, { redirect: mixed.toString(), form: null });
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_description')).toBe('Google sign-in failed; try again');
  });
});

describe('GET /api/core/sign-in-options', () => {
  it('lists the providers this server federates with', async () => {
    const options = await body(await server.api('/api/core/sign-in-options'));
    expect(options.federatedProviders).toEqual(['google', 'apple']);
  });
});

/** SignUp through the official client; resolves with its error (or null). */
function signUpError(email: string) {
  return new Promise<{ code?: string; message?: string } | null>((resolve) =>
    userPool(server).signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e) =>
      resolve(e ?? null),
    ),
  );
}

describe('email sign-up for an address that signs in with Google', () => {
  it("is refused with Cognito's UsernameExistsException naming the provider, and leaves one account", async () => {
    const google = await signInWith(GOOGLE_ONLY.sub);
    expect(google.error).toBeNull();
    const refused = await signUpError(GOOGLE_ONLY.email);
    expect(refused).toMatchObject({
      code: 'UsernameExistsException',
      message:
        'An account with the given email already exists. It signs in with Google: use Continue with Google, or add a password through Forgot password.',
    });
    const accounts = await server.ctx.db.select().from(idpUsers).where(eq(idpUsers.email, GOOGLE_ONLY.email));
    expect(accounts.map((a) => a.sub)).toEqual([google.id?.sub]);
  });

  it('lets that person add a password through Forgot password, to the same account', async () => {
    const user = new CognitoUser({ Username: GOOGLE_ONLY.email, Pool: userPool(server) });
    await new Promise((resolve, reject) => user.forgotPassword({ onSuccess: resolve, onFailure: reject }));
    const code = await lastCode(server, GOOGLE_ONLY.email);
    await new Promise((resolve, reject) =>
      user.confirmPassword(code, PASSWORD, { onSuccess: resolve, onFailure: reject }),
    );
    const byPassword = await signIn(server, GOOGLE_ONLY.email, PASSWORD);
    const byGoogle = await signInWith(GOOGLE_ONLY.sub);
    expect(decodeJwt(byPassword.authorization.slice(7)).sub).toBe(byGoogle.id?.sub);
    // With a password of its own the account is no longer Google-only: the plain answer.
    expect(await signUpError(GOOGLE_ONLY.email)).toMatchObject({
      code: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('refuses an email another account has verified, even under another username', async () => {
    expect(await signUpError(MEMBER.email.toUpperCase())).toMatchObject({ code: 'UsernameExistsException' });
  });
});

describe('providers that are not configured', () => {
  it('answers the app with a clear error instead of redirecting anywhere', async () => {
    const bare = await startTestServer({ PUBLIC_URL: 'http://app.test' });
    try {
      const res = await fetch(authorizeUrl(bare, { challenge: pkce().challenge }), { redirect: 'manual' });
      const back = new URL(res.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(APP_SIGNIN);
      // Words for the person in the app, never the operator's variable names.
      expect(back.searchParams.get('error_description')).toBe(
        'Google sign-in is not available here; sign in with your email instead',
      );
      const options = await body(await bare.api('/api/core/sign-in-options'));
      expect(options.federatedProviders).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
