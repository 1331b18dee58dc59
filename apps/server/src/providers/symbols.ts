/**
 * One display form for US listed symbols, whichever vendor spelt them, so that an asset from the SEC list, the Nasdaq
 * Trader directories and Yahoo lands on the same row:
 * - share classes take a dot: BRK.B, BF.A, MKC.V (SEC and Yahoo write BRK-B, Nasdaq Trader's ACT symbol BRK.B);
 * - preferreds take '-P' and the series: ABR-PD, and ETI-P for a preferred without series (Nasdaq Trader's ACT
 *   symbols are ABR$D and ETI$; SEC and Yahoo already write ABR-PD);
 * - warrants, units and rights take SEC's suffixes: BFLY-WT, GRAF-UN, CELG-RI (ACT: BFLY.W, GRAF.U, CELG.R).
 * Everything else passes through uppercased (crypto pairs, Yahoo's foreign suffixes such as OCDO.L).
 */

const DASH_CLASS = /^([A-Z0-9]+)-([A-OQ-Z])$/;
const ACT_SUFFIX: Readonly<Record<string, string>> = { W: '-WT', U: '-UN', R: '-RI' };

/** A symbol as SEC EDGAR or Yahoo writes it (dash separators) → our display form. */
export function symbolFromDashed(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  const share = DASH_CLASS.exec(upper);
  return share ? `${share[1]}.${share[2]}` : upper;
}

/** A Nasdaq Trader ACT symbol ('$' for preferreds, '.' suffixes) → our display form. */
export function symbolFromAct(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  const preferred = upper.indexOf('$');
  if (preferred > 0) return `${upper.slice(0, preferred)}-P${upper.slice(preferred + 1)}`;
  const dot = upper.lastIndexOf('.');
  if (dot > 0) {
    const suffix = upper.slice(dot + 1);
    const mapped = ACT_SUFFIX[suffix];
    if (mapped) return `${upper.slice(0, dot)}${mapped}`;
  }
  return upper;
}

/** Our display form → Yahoo's symbol (classes and preferreds with a dash). */
export function yahooSymbolOf(symbol: string): string {
  return symbol.replace(/^([A-Z0-9]+)\.([A-Z])$/, '$1-$2');
}
