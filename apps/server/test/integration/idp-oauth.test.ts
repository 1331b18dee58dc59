import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body as bodyOf, startTestServer, type TestServer } from '../harness.ts';
import {
  APP_SIGNIN,
  authorizeUrl,
  exchange,
  federatedSignIn,
  PUBLIC_URL,
  pkce,
  startProviders,
  tokenRequest,
} from '../oauth-client.ts';

let server: TestServer;
let providers: Awaited<ReturnType<typeof startProviders>>;
const ADA = { sub: 'google-ada-0001', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' };

beforeAll(async () => {
  providers = await startProviders([ADA]);
  server = await startTestServer(providers.env);
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

/** A signed-in code for Ada at the app's /signin, with the PKCE pair that goes with it. */
async function codeForAda(options: { scope?: string; nonce?: string } = {}) {
  const { verifier, challenge } = pkce();
  const back = await federatedSignIn(server, ADA.sub, { challenge, ...options });
  expect(back.searchParams.get('error_description')).toBeNull();
  return { code: back.searchParams.get('code') ?? '', verifier, back };
}

const cognito = (operation: string, body: unknown) =>
  server.api('/idp', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });

describe('GET /idp/oauth2/authorize', () => {
  it('answers 400 naming the parameter for an unknown client or a redirect outside the allow-list', async () => {
    const foreignClient = authorizeUrl(server, { challenge: pkce().challenge }).replace(
      'client_id=earningshub-web',
      'client_id=someone-else',
    );
    const res = await fetch(foreignClient, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).message).toBe('query.client_id: someone-else is not a client of this user pool');
    const foreign = await fetch(
      authorizeUrl(server, { redirectUri: 'https://evil.example/signin', challenge: pkce().challenge }),
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(400);
    expect((await bodyOf(foreign)).message).toBe('query.redirect_uri: is not an allowed redirect for this client');
  });

  it('sends other mistakes back to the app as OAuth errors with its state', async () => {
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ scope: 'openid phone' }, 'invalid_scope', 'Scope phone is not allowed'],
      [{ challenge: undefined }, 'invalid_request', 'code_challenge is required'],
      [{ provider: 'Facebook' }, 'invalid_request', 'identity_provider must be one of Google, SignInWithApple'],
    ];
    for (const [options, error, description] of cases) {
      const url = authorizeUrl(server, { challenge: pkce().challenge, ...options });
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(APP_SIGNIN);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('error_description')).toContain(description);
      expect(back.searchParams.get('state')).toBe('app-state-1');
    }
    const implicit = await fetch(
      authorizeUrl(server, { challenge: pkce().challenge }).replace('response_type=code', 'response_type=token'),
      { redirect: 'manual' },
    );
    expect(new URL(implicit.headers.get('location') ?? '').searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('sends the person to the provider with its own PKCE, nonce and a sealed state', async () => {
    const res = await fetch(authorizeUrl(server, { challenge: pkce().challenge }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const atProvider = new URL(res.headers.get('location') ?? '');
    expect(atProvider.origin).toBe(providers.google.issuer);
    expect(atProvider.searchParams.get('client_id')).toBe(providers.google.clientId);
    expect(atProvider.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/idp/oauth2/idpresponse`);
    expect(atProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(atProvider.searchParams.get('nonce')).toMatch(/.{20,}/);
    // The app's own request travels sealed: nothing of it is readable at the provider.
    expect(atProvider.searchParams.get('state')).not.toContain('app-state-1');
  });
});

describe('POST /idp/oauth2/token', () => {
  it('exchanges a code with the PKCE verifier for Cognito-shaped tokens, once', async () => {
    const { code, verifier, back } = await codeForAda({ nonce: 'app-nonce-42' });
    expect(back.searchParams.get('state')).toBe('app-state-1');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const first = await exchange(server, code, verifier);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const id = decodeJwt(first.body.id_token ?? '');
    expect(id).toMatchObject({
      token_use: 'id',
      aud: server.config.IDP_CLIENT_ID,
      email: ADA.email,
      email_verified: true,
      'cognito:username': `google_${ADA.sub}`,
      nonce: 'app-nonce-42',
      iss: `${PUBLIC_URL}/idp/${server.config.IDP_USER_POOL_ID}`,
    });
    const access = decodeJwt(first.body.access_token ?? '');
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: server.config.IDP_CLIENT_ID,
      scope: 'openid email profile aws.cognito.signin.user.admin',
      sub: id.sub,
    });
    expect(first.body.refresh_token).toMatch(/.{40,}/);

    // The API accepts hosted-UI tokens like any others.
    const me = await server.api('/api/core/users/me', {
      headers: { authorization: `Bearer ${first.body.id_token}`, 'x-access-token': first.body.access_token ?? '' },
    });
    expect(me.status).toBe(200);

    // A second presentation fails and revokes what the first one bought.
    const again = await exchange(server, code, verifier);
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringContaining('used') },
    });
    const refreshed = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(400);
    expect((await bodyOf(refreshed)).error).toBe('invalid_grant');
  });

  it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
    const { code, verifier } = await codeForAda();
    const wrong = await exchange(server, code, pkce().verifier);
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' },
    });
    expect((await exchange(server, code, verifier)).status).toBe(400);
  });

  it('refuses a code sent with another redirect, another client, or none of the verifier', async () => {
    const { code, verifier } = await codeForAda();
    const otherRedirect = await exchange(server, code, verifier, `${PUBLIC_URL}/`);
    expect(otherRedirect.body.error).toBe('invalid_grant');
    const { code: second, verifier: secondVerifier } = await codeForAda();
    const foreignClient = await fetch(`${server.url}/idp/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'someone-else',
        grant_type: 'authorization_code',
        code: second,
        redirect_uri: APP_SIGNIN,
        code_verifier: secondVerifier,
      }).toString(),
    });
    expect(foreignClient.status).toBe(401);
    expect((await bodyOf(foreignClient)).error).toBe('invalid_client');
    const missing = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code: second,
      redirect_uri: APP_SIGNIN,
    });
    expect(missing.status).toBe(400);
    expect(await bodyOf(missing)).toEqual({ error: 'invalid_request', error_description: 'code_verifier is required' });
    const unknownGrant = await tokenRequest(server, { grant_type: 'password' });
    expect((await bodyOf(unknownGrant)).error).toBe('unsupported_grant_type');
    // The code was not spent by the requests that never reached it.
    expect((await exchange(server, second, secondVerifier)).status).toBe(200);
  });

  it('refreshes with the refresh_token grant, keeping the granted scopes', async () => {
    const { code, verifier } = await codeForAda({ scope: 'openid email' });
    const { body } = await exchange(server, code, verifier);
    expect(decodeJwt(body.access_token ?? '').scope).toBe('openid email');
    const res = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: body.refresh_token ?? '' });
    expect(res.status).toBe(200);
    const refreshed = await bodyOf(res);
    expect(refreshed.refresh_token).toBeUndefined();
    expect(decodeJwt(refreshed.access_token).scope).toBe('openid email');
    expect(decodeJwt(refreshed.id_token).sub).toBe(decodeJwt(body.id_token ?? '').sub);
  });
});

describe('GET /idp/oauth2/userInfo', () => {
  it("answers the token's user with the attributes its scopes allow, as Cognito does", async () => {
    const { code, verifier } = await codeForAda();
    const { body } = await exchange(server, code, verifier);
    const res = await fetch(`${server.url}/idp/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({
      sub: decodeJwt(body.id_token ?? '').sub,
      username: `google_${ADA.sub}`,
      email: ADA.email,
      email_verified: 'true',
      name: ADA.name,
    });
    const narrow = await codeForAda({ scope: 'openid' });
    const narrowTokens = (await exchange(server, narrow.code, narrow.verifier)).body;
    const fewer = await fetch(`${server.url}/idp/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${narrowTokens.access_token}` },
    });
    expect(Object.keys(await bodyOf(fewer)).sort()).toEqual(['sub', 'username']);
  });

  it('refuses a missing or forged token with 401 and a Bearer challenge', async () => {
    const none = await fetch(`${server.url}/idp/oauth2/userInfo`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const forged = await fetch(`${server.url}/idp/oauth2/userInfo`, {
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(forged.status).toBe(401);
  });

  it('lets the user-pool API accept a hosted-UI token only with the user-admin scope', async () => {
    const admin = await codeForAda();
    const adminTokens = (await exchange(server, admin.code, admin.verifier)).body;
    const ok = await cognito('GetUser', { AccessToken: adminTokens.access_token });
    expect(ok.status).toBe(200);
    expect((await bodyOf(ok)).Username).toBe(`google_${ADA.sub}`);
    const narrow = await codeForAda({ scope: 'openid email' });
    const narrowTokens = (await exchange(server, narrow.code, narrow.verifier)).body;
    const refused = await cognito('GetUser', { AccessToken: narrowTokens.access_token });
    expect(refused.status).toBe(400);
    expect(await bodyOf(refused)).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token does not have required scopes',
    });
  });
});

describe('bad input', () => {
  it('gets a 4xx naming the problem, never a 500', async () => {
    const doubled = await fetch(
      `${authorizeUrl(server, { challenge: pkce().challenge })}&client_id=${server.config.IDP_CLIENT_ID}`,
      { redirect: 'manual' },
    );
    expect(doubled.status).toBe(400);
    expect((await bodyOf(doubled)).message).toBe('query.client_id: is required');
    const text = await fetch(`${server.url}/idp/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=authorization_code',
    });
    expect(text.status).toBe(400);
    expect((await bodyOf(text)).error).toBe('invalid_request');
    const jsonBody = await fetch(`${server.url}/idp/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: ['x'], client_id: server.config.IDP_CLIENT_ID }),
    });
    expect(await bodyOf(jsonBody)).toEqual({ error: 'invalid_request', error_description: 'grant_type is required' });
    const noState = await fetch(`${server.url}/idp/oauth2/idpresponse`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc',
      redirect: 'manual',
    });
    expect(noState.status).toBe(400);
    expect((await bodyOf(noState)).message).toMatch(/^body\.state: /);
  });
});

describe('GET /idp/logout', () => {
  it('returns to the product home, and only there', async () => {
    const res = await fetch(
      `${server.url}/idp/logout?client_id=${server.config.IDP_CLIENT_ID}&logout_uri=${encodeURIComponent(`${PUBLIC_URL}/`)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/`);
    const foreign = await fetch(
      `${server.url}/idp/logout?client_id=${server.config.IDP_CLIENT_ID}&logout_uri=https://evil.example/`,
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(400);
    expect((await bodyOf(foreign)).message).toBe('query.logout_uri: is not an allowed sign-out address');
    const noClient = await fetch(`${server.url}/idp/logout?logout_uri=${PUBLIC_URL}`, { redirect: 'manual' });
    expect((await bodyOf(noClient)).message).toBe('query.client_id: is required');
  });
});
