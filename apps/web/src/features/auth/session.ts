/**
 * SPEC §4's session life cycle, on top of the Cognito client: startup (fetch token, then the current user
 * profile, then auth initialised), login side effects, the periodic re-check, sign-out and global sign-out.
 * Loaded after the first render, so nothing here weighs on the first page.
 */

import { AFFILIATE_LINK_PARAM } from '@eh/domain';
import { type ApiError, errorStatus, setAuthTokenProvider } from '../../shared/api.ts';
import { SESSION_KEY_PREFIX, SESSION_RECHECK_INTERVAL_MS, TOKEN_PARAM } from '../../shared/auth-config.ts';
import { signedIn, signedOut } from '../../shared/auth-slice.ts';
import type { ModalKind } from '../../shared/modals/modal-registry.ts';
import { modalClosed } from '../../shared/modals/modals-slice.ts';
import { type LoginProvider, preferences } from '../../shared/preferences.ts';
import type { AppDispatch, RootState } from '../../shared/store.ts';
import { usersApi } from '../../shared/users-api.ts';
import { loadReferral } from '../affiliates/index.ts';
import type { SessionInfo } from './cognito.ts';
import {
  clearPendingFederatedSignIn,
  exchangeCode,
  pendingFederatedSignIn,
  startFederatedSignIn,
} from './federated-sign-in.ts';
import { federatedRetryProvider, type HostedUiReturn } from './hosted-ui.ts';
import { identityErrorMessage } from './identity-errors.ts';

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

/**
 * The current user profile (GET /core/users/me), fetched afresh so a previous user's answer never shows.
 * Returns false when the API refuses the tokens (the account is gone): the session is over.
 */
async function loadProfile(dispatch: AppDispatch): Promise<boolean> {
  const request = dispatch(usersApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
  try {
    await request.unwrap();
    return true;
  } catch (error) {
    return errorStatus(error as ApiError) !== 401;
  } finally {
    request.unsubscribe();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Periodic re-check (SPEC §4: the session is re-checked periodically; the interval is ours, see auth-config.ts)

let recheckTimer: ReturnType<typeof setInterval> | null = null;

function stopRecheck() {
  if (recheckTimer) clearInterval(recheckTimer);
  recheckTimer = null;
}

function startRecheck(dispatch: AppDispatch) {
  stopRecheck();
  recheckTimer = setInterval(() => void recheck(dispatch), SESSION_RECHECK_INTERVAL_MS);
}

/** Refreshes tokens that expire soon; a session that can no longer be refreshed ends here. */
export async function recheck(dispatch: AppDispatch): Promise<void> {
  let session: SessionInfo | null;
  try {
    session = await (await loadClient()).recheckSession();
  } catch {
    // Offline or the provider is down: the tokens we have stay until the next check.
    return;
  }
  if (session) dispatch(signedIn({ email: session.email }));
  else endLocally(dispatch);
}

// ---------------------------------------------------------------------------------------------------------------
// Startup and login

/** SPEC §4 startup: fetch the token, then the current user profile, then auth is initialised. */
export async function startSession(dispatch: AppDispatch) {
  // A referral link's affiliate is kept for the sign-up (its module loads only for such a link).
  if (new URLSearchParams(window.location.search).has(AFFILIATE_LINK_PARAM))
    void loadReferral().then((referral) => referral.captureReferral());
  const urlToken = takeTokenFromUrl();
  if (urlToken) {
    setAuthTokenProvider(() => ({ idToken: urlToken }));
    dispatch(signedIn({ email: emailOf(urlToken), viaLink: true }));
    return;
  }
  if (!hasStoredSession()) {
    dispatch(signedOut());
    return;
  }
  let session: SessionInfo | null = null;
  try {
    session = await (await loadClient()).currentSession();
  } catch {
    // 'No current user' and its kin are ignored at startup (SPEC §4): the visitor is simply signed out.
    session = null;
  }
  if (!session) {
    dispatch(signedOut());
    return;
  }
  installClientTokens();
  if (!(await loadProfile(dispatch))) {
    endLocally(dispatch);
    return;
  }
  dispatch(signedIn({ email: session.email }));
  startRecheck(dispatch);
}

/** The sign-in modals that a completed sign-in removes (SPEC §4 Login). */
const AUTH_MODALS: ReadonlySet<ModalKind> = new Set(['signIn', 'createAccount', 'forgotPassword']);

/**
 * SPEC §4 Login: the user is stored, the auth modals removed, the stored oauth provider cleared (push
 * permission is a native concern). We also remember how they signed in and fetch their profile.
 */
export function completeLogin(session: SessionInfo, provider: LoginProvider) {
  return async (dispatch: AppDispatch, getState: () => RootState) => {
    installClientTokens();
    dispatch(signedIn({ email: session.email }));
    const firstAuthModal = getState().modals.stack.find((entry) => AUTH_MODALS.has(entry.kind));
    if (firstAuthModal) dispatch(modalClosed(firstAuthModal.id));
    clearPendingFederatedSignIn();
    preferences.set('lastLoginProvider', provider);
    startRecheck(dispatch);
    await loadProfile(dispatch);
    // A brand-new account says where it came from, and which affiliate sent it.
    void loadReferral().then((referral) => referral.reportSignupSource(dispatch));
  };
}

export type FederatedResult = { kind: 'signedIn' } | { kind: 'retrying' } | { kind: 'failed'; message: string };

/**
 * Back from the hosted UI. A code is traded for tokens, stored as the client stores its own, and the visitor is
 * signed in. A refusal because the account was just linked ('Already found an entry for username…') is retried
 * once with the stored provider (SPEC §4); any other refusal is reported.
 */
export async function finishFederatedSignIn(dispatch: AppDispatch, returned: HostedUiReturn): Promise<FederatedResult> {
  const pending = pendingFederatedSignIn();
  if (returned.kind === 'error') {
    const retryWith = federatedRetryProvider(returned.description, pending);
    if (retryWith) {
      await startFederatedSignIn(retryWith, true);
      return { kind: 'retrying' };
    }
    clearPendingFederatedSignIn();
    return { kind: 'failed', message: returned.description || returned.error };
  }
  try {
    const tokens = await exchangeCode(returned, pending);
    const session = (await loadClient()).storeHostedUiSession(tokens);
    await dispatch(completeLogin(session, pending?.provider ?? 'email'));
    return { kind: 'signedIn' };
  } catch (error) {
    clearPendingFederatedSignIn();
    return { kind: 'failed', message: identityErrorMessage(error) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-out

/**
 * SPEC §4 Logout: local alerts, the super-admin flag and the homepage tab go. The cached profile stays unread
 * (screens ask for it only while signed in) and the next login fetches it afresh.
 */
function clearClientData(dispatch: AppDispatch) {
  stopRecheck();
  preferences.clearOnSignOut();
  setAuthTokenProvider(null);
  dispatch(signedOut());
}

/** Ends the session in this browser only (no call to the provider). */
export function endLocally(dispatch: AppDispatch) {
  void loadClient().then((client) => client.clearLocalSession());
  clearClientData(dispatch);
}

/** Sign-out: the refresh token is revoked when the access token has an origin identifier, then client data goes. */
export async function endSession(dispatch: AppDispatch) {
  await (await loadClient()).signOut();
  clearClientData(dispatch);
}

/** Global sign-out: every session of this user ends, on every device. Failures reach the caller. */
export async function endAllSessions(dispatch: AppDispatch) {
  await (await loadClient()).globalSignOut();
  clearClientData(dispatch);
}
