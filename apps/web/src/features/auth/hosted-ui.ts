/**
 * Google and Apple sign-in through the identity provider's hosted UI: the OAuth2 authorization-code flow with
 * PKCE (S256), the scopes of SPEC §6, and SPEC §4's federated retry. Pure apart from `crypto` (Web Crypto, in
 * the browser and in Node alike); the browser side (storage, redirects) is in federated-sign-in.ts.
 */

/** The providers a visitor can pick, with the identity provider's own names for them. */
export const FEDERATED_PROVIDERS = { google: 'Google', apple: 'SignInWithApple' } as const;
export type FederatedProvider = keyof typeof FEDERATED_PROVIDERS;

export function isFederatedProvider(value: unknown): value is FederatedProvider {
  return typeof value === 'string' && Object.hasOwn(FEDERATED_PROVIDERS, value);
}

/** SPEC §6: email, openid, profile and the provider's user-admin scope. */
export const HOSTED_UI_SCOPES = ['email', 'openid', 'profile', 'aws.cognito.signin.user.admin'] as const;

/** The message Cognito gives the first federated sign-in of an email it has just linked (SPEC §4). */
const ALREADY_LINKED = /already found an entry for username/i;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random URL-safe string of `bytes` random bytes (state, PKCE verifier: 32 bytes give 43 characters). */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface AuthorizeRequest {
  /** Base of the OAuth2 endpoints, e.g. https://app.example/idp. */
  base: string;
  clientId: string;
  provider: FederatedProvider;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

export function authorizeUrl(request: AuthorizeRequest): string {
  const url = new URL(`${request.base.replace(/\/$/, '')}/oauth2/authorize`);
  url.search = new URLSearchParams({
    identity_provider: FEDERATED_PROVIDERS[request.provider],
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: HOSTED_UI_SCOPES.join(' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

export function tokenUrl(base: string): string {
  return `${base.replace(/\/$/, '')}/oauth2/token`;
}

/** The form body that trades the code for tokens. */
export function tokenRequestBody(input: {
  clientId: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: input.clientId,
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
}

export interface HostedUiTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** The token endpoint's JSON answer, checked; null when it lacks a token. */
export function readTokenResponse(body: unknown): HostedUiTokens | null {
  if (typeof body !== 'object' || body === null) return null;
  const { id_token, access_token, refresh_token } = body as Record<string, unknown>;
  if (typeof id_token !== 'string' || typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    return null;
  }
  return { idToken: id_token, accessToken: access_token, refreshToken: refresh_token };
}

export type HostedUiReturn =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string; description: string };

/** What the identity provider put on the address it sent the browser back to, if anything. */
export function readHostedUiReturn(search: string): HostedUiReturn | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  if (code && state) return { kind: 'code', code, state };
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') ?? '' };
  return null;
}

/** The address without the hosted-UI parameters, for `history.replaceState`. */
export function withoutHostedUiParams(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  for (const name of ['code', 'state', 'error', 'error_description', 'error_uri']) params.delete(name);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** The federated sign-in in progress, kept across the redirect. */
export interface PendingFederatedSignIn {
  provider: FederatedProvider;
  state: string;
  codeVerifier: string;
  /** Set once the SPEC §4 retry was made, so a second refusal is shown instead of looping. */
  retried: boolean;
}

export function readPending(raw: string | null): PendingFederatedSignIn | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingFederatedSignIn>;
    if (
      !isFederatedProvider(value.provider) ||
      typeof value.state !== 'string' ||
      typeof value.codeVerifier !== 'string'
    ) {
      return null;
    }
    return { provider: value.provider, state: value.state, codeVerifier: value.codeVerifier, retried: !!value.retried };
  } catch {
    return null;
  }
}

/**
 * SPEC §4: a federated sign-in refused because an entry already exists for the username (the identity provider
 * has just linked the Google or Apple identity to an existing account) is retried with the stored provider,
 * once. Returns the provider to retry with, or null.
 */
export function federatedRetryProvider(
  description: string,
  pending: PendingFederatedSignIn | null,
): FederatedProvider | null {
  if (!pending || pending.retried || !ALREADY_LINKED.test(description)) return null;
  return pending.provider;
}
