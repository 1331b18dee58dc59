/** The session's module (sign-out, local end of a session), loaded when one is needed. */
export const loadSession = () => import('./session.ts');
/** The identity client (Cognito), loaded when a screen needs it. */
export const loadCognito = () => import('./cognito.ts');
export type CognitoClient = Awaited<ReturnType<typeof loadCognito>>;
