/**
 * The browser side of Google and Apple sign-in: send the visitor to the hosted UI with a fresh state and PKCE
 * verifier (kept in session storage across the redirect: the stored oauth provider of SPEC §4), and on their
 * return trade the code for tokens.
 */
import { HOSTED_UI_RETURN_PATH, IDP_CLIENT_ID, IDP_OAUTH_BASE } from '../../shared/auth-config.ts';
import {
  authorizeUrl,
  codeChallengeS256,
  type FederatedProvider,
  type HostedUiReturn,
  type HostedUiTokens,
  type PendingFederatedSignIn,
  randomUrlSafe,
  readPending,
  readTokenResponse,
  tokenRequestBody,
  tokenUrl,
} from './hosted-ui.ts';
import { type IdentityError, NETWORK_ERROR } from './identity-errors.ts';

const PENDING_KEY = 'earningshub.auth.federated';

const oauthBase = () => IDP_OAUTH_BASE || `${window.location.origin}/idp`;
const redirectUri = () => `${window.location.origin}${HOSTED_UI_RETURN_PATH}`;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function pendingFederatedSignIn(): PendingFederatedSignIn | null {
  return readPending(sessionStore()?.getItem(PENDING_KEY) ?? null);
}

/** SPEC §4 Login: the stored oauth provider is cleared once signed in. */
export function clearPendingFederatedSignIn(): void {
  sessionStore()?.removeItem(PENDING_KEY);
}

/** Leaves for the hosted UI. `retried` marks SPEC §4's one retry after an account link. */
export async function startFederatedSignIn(provider: FederatedProvider, retried = false): Promise<void> {
  const pending: PendingFederatedSignIn = {
    provider,
    state: randomUrlSafe(),
    codeVerifier: randomUrlSafe(48),
    retried,
  };
  sessionStore()?.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(
    authorizeUrl({
      base: oauthBase(),
      clientId: IDP_CLIENT_ID,
      provider,
      redirectUri: redirectUri(),
      state: pending.state,
      codeChallenge: await codeChallengeS256(pending.codeVerifier),
    }),
  );
}

const refused = (message: string): IdentityError => ({ code: 'OAuthError', name: 'OAuthError', message });

/** Trades the returned code for tokens; the state must be the one this tab sent. */
export async function exchangeCode(
  returned: Extract<HostedUiReturn, { kind: 'code' }>,
  pending: PendingFederatedSignIn | null,
): Promise<HostedUiTokens> {
  if (!pending || pending.state !== returned.state) {
    throw refused('This sign-in link has expired or was not started here. Please try again.');
  }
  let response: Response;
  try {
    response = await fetch(tokenUrl(oauthBase()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenRequestBody({
        clientId: IDP_CLIENT_ID,
        code: returned.code,
        redirectUri: redirectUri(),
        codeVerifier: pending.codeVerifier,
      }),
    });
  } catch {
    throw { ...NETWORK_ERROR };
  }
  const body: unknown = await response.json().catch(() => null);
  const tokens = response.ok ? readTokenResponse(body) : null;
  if (!tokens) {
    const description = (body as { error_description?: unknown } | null)?.error_description;
    throw refused(typeof description === 'string' && description ? description : 'Sign-in with that provider failed.');
  }
  return tokens;
}
