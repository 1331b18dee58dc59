import { setAuthTokenProvider } from '../../app/api.ts';
import type { AppDispatch } from '../../app/store.ts';
import { SESSION_KEY_PREFIX, TOKEN_PARAM } from './auth-config.ts';
import { signedIn, signedOut } from './auth-slice.ts';

const loadClient = () => import('./cognito.ts');

function hasStoredSession(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(SESSION_KEY_PREFIX));
  } catch {
    return false;
  }
}

/** Every request asks the client for the session, which refreshes expired tokens itself. */
function installClientTokens() {
  setAuthTokenProvider(async () => {
    const session = await (await loadClient()).currentSession();
    return session ? { idToken: session.idToken, accessToken: session.accessToken } : null;
  });
}

/** The `email` claim of an identity token, or null when it cannot be read. */
function emailOf(idToken: string): string | null {
  try {
    const payload = JSON.parse(atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2: `?token=` carries an identity token that signs the visitor in directly, for this visit only (the
 * server verifies it on every call). The parameter is removed from the address bar so it is not shared.
 */
function takeTokenFromUrl(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(TOKEN_PARAM);
  if (!token) return null;
  url.searchParams.delete(TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token.split('.').length === 3 ? token : null;
}

/** SPEC §4 startup: fetch the token, then mark auth initialised; no stored session means signed out. */
export async function startSession(dispatch: AppDispatch) {
  const urlToken = takeTokenFromUrl();
  if (urlToken) {
    setAuthTokenProvider(() => ({ idToken: urlToken }));
    dispatch(signedIn({ email: emailOf(urlToken) }));
    return;
  }
  if (!hasStoredSession()) {
    dispatch(signedOut());
    return;
  }
  const session = await (await loadClient()).currentSession();
  if (!session) {
    dispatch(signedOut());
    return;
  }
  installClientTokens();
  dispatch(signedIn({ email: session.email }));
}

export async function signInWithPassword(dispatch: AppDispatch, email: string, password: string) {
  const session = await (await loadClient()).signIn(email, password);
  installClientTokens();
  dispatch(signedIn({ email: session.email }));
}

export async function endSession(dispatch: AppDispatch) {
  (await loadClient()).signOut();
  setAuthTokenProvider(null);
  dispatch(signedOut());
}
