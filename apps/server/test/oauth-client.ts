import { createHash, randomBytes } from 'node:crypto';
import type { TestServer } from './harness.ts';
import { signInAtStandIn, startOidcStandIn } from './oidc-stand-in.ts';

/** The address the test server believes it is reached at: the app's redirects and the providers' callback use it. */
export const PUBLIC_URL = 'http://app.test';
export const CALLBACK = `${PUBLIC_URL}/idp/oauth2/idpresponse`;
export const APP_SIGNIN = `${PUBLIC_URL}/signin`;

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Stand-ins for Google and Apple, and the server environment that federates with them. */
export async function startProviders(accounts: Parameters<typeof startOidcStandIn>[0]['accounts']) {
  const google = await startOidcStandIn({ redirectUris: [CALLBACK], accounts });
  const apple = await startOidcStandIn({ redirectUris: [CALLBACK], accounts, clientId: 'dev.earningshub.signin' });
  const env = {
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    APPLE_CLIENT_ID: apple.clientId,
    APPLE_CLIENT_SECRET: apple.clientSecret,
    APPLE_ISSUER: apple.issuer,
  };
  return { google, apple, env, close: () => Promise.all([google.close(), apple.close()]) };
}

export interface AuthorizeOptions {
  provider?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  challenge?: string;
  nonce?: string;
}

export function authorizeUrl(server: TestServer, options: AuthorizeOptions = {}) {
  const url = new URL(`${server.url}/idp/oauth2/authorize`);
  const params: Record<string, string | undefined> = {
    client_id: server.config.IDP_CLIENT_ID,
    response_type: 'code',
    redirect_uri: options.redirectUri ?? APP_SIGNIN,
    scope: options.scope ?? 'openid email profile aws.cognito.signin.user.admin',
    state: options.state ?? 'app-state-1',
    identity_provider: options.provider ?? 'Google',
    code_challenge: options.challenge,
    code_challenge_method: options.challenge ? 'S256' : undefined,
    nonce: options.nonce,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Our server's answer to the provider's callback, reached at the test server's real address. */
export async function deliverToCallback(server: TestServer, answer: Awaited<ReturnType<typeof signInAtStandIn>>) {
  const local = (address: string) => {
    const url = new URL(address);
    if (url.origin !== PUBLIC_URL) throw new Error(`the provider answered to ${url.origin}, not our callback`);
    return `${server.url}${url.pathname}${url.search}`;
  };
  const res = answer.redirect
    ? await fetch(local(answer.redirect), { redirect: 'manual' })
    : await fetch(local(answer.form?.action ?? ''), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(answer.form?.fields).toString(),
      });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`callback answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}

/** The whole browser path: our authorize → the provider's login as `sub` → our callback → the app's redirect. */
export async function federatedSignIn(server: TestServer, sub: string, options: AuthorizeOptions = {}) {
  return deliverToCallback(server, await signInAtStandIn(authorizeUrl(server, options), sub));
}

export function tokenRequest(server: TestServer, params: Record<string, string>) {
  return fetch(`${server.url}/idp/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: server.config.IDP_CLIENT_ID, ...params }).toString(),
  });
}

/** Exchanges a code as the app does after the redirect; the parsed JSON and the status. */
export async function exchange(server: TestServer, code: string, verifier: string, redirectUri = APP_SIGNIN) {
  const res = await tokenRequest(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
