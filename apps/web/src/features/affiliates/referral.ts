/**
 * Referral links: `?affiliate=CODE` is kept on this device (SPEC §3's "affiliate id and visit count")
 * and sent with the sign-up through POST /core/users/me/source; the subscribe flow sends it with the subscription
 * too. This module loads only when an address carries the parameter, or after a sign-in: the first load carries
 * none of it.
 */
import { AFFILIATE_LINK_PARAM, DEFAULT_APP, isAffiliateCode, MS_PER_MINUTE } from '@eh/domain';
import { clientPlatform } from '../../platform/platform.ts';
import { preferences } from '../../shared/preferences.ts';
import type { AppDispatch } from '../../shared/store.ts';
import { usersApi } from '../../shared/users-api.ts';
import { affiliatesApi, type SignupSource } from './affiliates-api.ts';

/** An account this young has just been created: its first sign-in reports where it came from. */
export const NEW_ACCOUNT_WINDOW_MS = 30 * MS_PER_MINUTE;

/** The affiliate code of an address's query, or null when it has none or not a well-formed one. */
export function referralCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get(AFFILIATE_LINK_PARAM)?.trim() ?? '';
  return isAffiliateCode(code) ? code : null;
}

/**
 * Keeps the referral link's affiliate (the latest link's) and counts the visit; the parameter leaves the address bar
 * so a shared or reloaded address does not count again.
 */
export function captureReferral(win: Window = window) {
  const url = new URL(win.location.href);
  if (!url.searchParams.has(AFFILIATE_LINK_PARAM)) return;
  const code = referralCodeOf(url.search);
  url.searchParams.delete(AFFILIATE_LINK_PARAM);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  if (!code) return;
  preferences.set('affiliateId', code);
  preferences.set('affiliateVisitCount', preferences.get('affiliateVisitCount') + 1);
}

/** What a new account reports (null for an account that is not new): the product, the platform, the affiliate. */
export function signupSourceOf(
  account: { createdAt: string },
  affiliateId: string | null,
  platform: string,
  now = Date.now(),
): SignupSource | null {
  if (now - new Date(account.createdAt).getTime() > NEW_ACCOUNT_WINDOW_MS) return null;
  return { signupProduct: DEFAULT_APP, signupSource: platform, ...(affiliateId ? { affiliateId } : {}) };
}

/** After a sign-in: a brand-new account says where it came from (the server keeps the first source it hears). */
export async function reportSignupSource(dispatch: AppDispatch) {
  const request = dispatch(usersApi.endpoints.getMe.initiate());
  try {
    const me = await request.unwrap();
    const source = signupSourceOf(me, preferences.get('affiliateId'), clientPlatform());
    if (source) await dispatch(affiliatesApi.endpoints.recordSignupSource.initiate(source)).unwrap();
  } catch {
    // Best effort: a missed source costs an attribution, never the sign-in.
  } finally {
    request.unsubscribe();
  }
}
