import { setAuthTokenProvider } from '../../app/api.ts';
import type { AppDispatch } from '../../app/store.ts';
import { SESSION_KEY_PREFIX } from './auth-config.ts';
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

/** SPEC §4 startup: fetch the token, then mark auth initialised; no stored session means signed out. */
export async function startSession(dispatch: AppDispatch) {
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
