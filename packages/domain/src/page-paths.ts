/**
 * Addresses of the product's pages that more than the web builds: the server writes them into what it publishes
 * (a demo news item about a call points at the call's page).
 */

/** A company's quarter: its call, transcript, summary and results (SPEC §2 /quote/:symbol/:periodYear/:period). */
export function quarterPagePath(symbol: string, periodYear: number, period: string): string {
  return `/quote/${encodeURIComponent(symbol.toUpperCase())}/${periodYear}/${period}`;
}

/** An address on this product (a path), not elsewhere on the web. */
export function isOwnPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The pages where a person manages their money and memberships (apps/web/src/shared/routes.ts): the profile's plan
 * and billing, the team with its licences and billing, the affiliate program. Account emails link to them.
 */
export const ACCOUNT_PAGE_PATHS = {
  profile: '/profile',
  team: '/team',
  affiliateProgram: '/affiliate-program',
} as const;
