/** The referral link's module, loaded only when an address carries one or an account has just signed up. */
export const loadReferral = () => import('./referral.ts');
