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
