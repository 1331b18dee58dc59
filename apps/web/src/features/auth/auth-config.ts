/** The identity provider the client signs in against: our /idp by default, a real Cognito pool by configuration. */
export const IDP_USER_POOL_ID: string = import.meta.env.VITE_IDP_USER_POOL_ID ?? 'us-east-1_EarnHub01';
export const IDP_CLIENT_ID: string = import.meta.env.VITE_IDP_CLIENT_ID ?? 'earningshub-web';
/** Empty means the product's own /idp on this origin. */
export const IDP_ENDPOINT: string = import.meta.env.VITE_IDP_ENDPOINT ?? '';

/** The stored-session marker the official client writes; its presence is the only reason to load the client. */
export const SESSION_KEY_PREFIX = `CognitoIdentityServiceProvider.${IDP_CLIENT_ID}.`;

/** SPEC §5 validation messages, exactly. */
export const AUTH_MESSAGES = {
  passwordRequired: 'PASSWORD parameter is required',
  emailRequired: 'Enter your email address',
  signInFailed: 'Sign-in failed. Check your email and password.',
  networkError: 'Network error',
} as const;

/** SPEC §2 query parameter: an identity token that logs the visitor in directly. */
export const TOKEN_PARAM = 'token';
