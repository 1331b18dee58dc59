/**
 * Password sign-in's lock (decision 0005): five wrong passwords in a row lock the account, and the lock lifts by
 * itself. The identity provider enforces it; the web explains it in words true of ours and of a real Cognito pool.
 */

/** Cognito's message, with NotAuthorizedException, for a password sign-in while the account is locked. */
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/**
 * How long our identity provider locks the account. Cognito's lock starts at one second and doubles with each
 * further wrong password up to about the same, so "up to this long" is true against either.
 */
export const SIGN_IN_LOCKOUT_MINUTES = 15;
