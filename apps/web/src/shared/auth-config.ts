import { SIGN_IN_LOCKOUT_MINUTES } from '@eh/domain';

/** The identity provider the client signs in against: our /idp by default, a real Cognito pool by configuration. */
export const IDP_USER_POOL_ID: string = import.meta.env.VITE_IDP_USER_POOL_ID ?? 'us-east-1_EarnHub01';
export const IDP_CLIENT_ID: string = import.meta.env.VITE_IDP_CLIENT_ID ?? 'earningshub-web';
/** Empty means the product's own /idp on this origin. */
export const IDP_ENDPOINT: string = import.meta.env.VITE_IDP_ENDPOINT ?? '';
/**
 * Base of the hosted-UI OAuth2 endpoints (`/oauth2/authorize`, `/oauth2/token`). Empty means `/idp` on this
 * origin; a real Cognito pool sets its hosted-UI domain.
 */
export const IDP_OAUTH_BASE: string = import.meta.env.VITE_IDP_OAUTH_BASE ?? '';

/** The stored-session marker the official client writes; its presence is the only reason to load the client. */
export const SESSION_KEY_PREFIX = `CognitoIdentityServiceProvider.${IDP_CLIENT_ID}.`;

/**
 * Messages the user sees. The first seven are SPEC §5's, exactly (they are also the official client's own);
 * the rest are ours, for errors SPEC §8 names by type only.
 */
export const AUTH_MESSAGES = {
  passwordRequired: 'PASSWORD parameter is required',
  newPasswordRequired: 'New password is required.',
  invalidFlowType: 'Authentication flow type is invalid',
  notAuthenticated: 'User is not authenticated',
  usernameNull: 'Username is null. Cannot retrieve a new session',
  missingIdToken: 'Local storage is missing an ID Token, Please authenticate',
  noRefreshToken: 'Cannot retrieve a new session. Please authenticate.',
  networkError: 'Network error',
  emailRequired: 'Enter your email address',
  invalidEmail: 'Enter a valid email address',
  codeRequired: 'Enter the code',
  noConfig: 'Sign-in is not configured for this app',
  noMfa: 'Choose how to receive your sign-in code',
  invalidMfa: 'That way of receiving a code is not available for this account',
  signInFailed: 'Sign-in failed. Check your email and password.',
  somethingWrong: 'Something went wrong. Try again.',
  // Cognito's 'Password attempts exceeded' says neither how long nor what to do, and no provider tells the client
  // when the lock lifts: "up to" the lock's length is true against our provider and a real Cognito pool alike.
  passwordAttemptsExceeded: `Too many wrong passwords. Sign-in is paused for up to ${SIGN_IN_LOCKOUT_MINUTES} minutes; try again later, or reset your password now.`,
} as const;

/** SPEC §2 query parameter: an identity token that logs the visitor in directly. */
export const TOKEN_PARAM = 'token';

const MINUTE_MS = 60_000;

/**
 * SPEC §9 names two auth token time constants, 8 min and 30 min; SPEC §4 leaves the session re-check interval
 * open. We re-check every 8 minutes and refresh the tokens whenever they have less than 30 minutes left, so a
 * token the app hands out (to an API call, later to the live socket) always has at least 22 minutes to run.
 */
export const SESSION_RECHECK_INTERVAL_MS = 8 * MINUTE_MS;
export const TOKEN_REFRESH_MARGIN_MS = 30 * MINUTE_MS;

/** Where the identity provider sends the browser back after Google or Apple: the sign-in page finishes the
 * exchange, then goes to the product home (SPEC §6). */
export const HOSTED_UI_RETURN_PATH = '/signin';
