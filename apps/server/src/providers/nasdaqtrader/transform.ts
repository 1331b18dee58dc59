/**
 * Nasdaq Trader symbol directories → assets. Pure.
 *
 * `nasdaqlisted.txt` (Nasdaq listings) and `otherlisted.txt` (NYSE, NYSE American, NYSE Arca, Cboe, IEX, NYSE
 * Texas) are pipe-delimited with a header row and a trailer row `File Creation Time: MMDDYYYYHH:MM|||…`.
 * - test issues (Test Issue = Y) are dropped;
 * - `otherlisted` symbols are ACT symbols ('$' for preferreds, '.W' warrants…) and are rewritten in our display form
 *   (BRK.B, ABR-PD, BFLY-WT: see `symbols.ts`); Nasdaq symbols have no separators;
 * - the ETF flag is kept;
 * - names lose the descriptor of a plain common or ordinary share ("Apple Inc. - Common Stock" → "Apple Inc.");
 *   other securities (warrants, units, rights, preferreds) keep their full description so they can be told apart.
 */
import { nyToUtc } from '@eh/domain';
import { symbolFromAct } from '../symbols.ts';
import type { AssetRecord } from '../types.ts';

export interface PipeTable {
  header: string[];
  rows: Record<string, string>[];
  /** From the trailer line, New York time; null when the file has none. */
  createdAt: Date | null;
}

const TRAILER = /^File Creation Time:\s*(\d{2})(\d{2})(\d{4})(\d{2}:\d{2})/;

export function parsePipeTable(text: string): PipeTable {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split('|').map((name) => name.trim());
  let createdAt: Date | null = null;
  const rows: Record<string, string>[] = [];
  for (const line of lines) {
    const trailer = TRAILER.exec(line);
    if (trailer) {
      const [, month, day, year, time] = trailer;
      createdAt = nyToUtc(`${year}-${month}-${day}`, time);
      continue;
    }
    const cells = line.split('|');
    rows.push(Object.fromEntries(header.map((name, i) => [name, (cells[i] ?? '').trim()])));
  }
  return { header, rows, createdAt };
}

/** `otherlisted` exchange codes. */
export const OTHER_EXCHANGES: Readonly<Record<string, string>> = {
  A: 'NYSE American',
  N: 'NYSE',
  P: 'NYSE Arca',
  Z: 'CBOE',
  V: 'IEX',
  M: 'NYSE Texas',
};

export interface DirectorySecurity {
  asset: AssetRecord;
  etf: boolean;
}

const COMMON_SHARE =
  /\s*(?:-\s*)?(?:Class [A-Z]\s+)?(?:New\s+)?(?:Common Stock|Common Shares|Ordinary Shares|American Depositary Shares\b.*)\s*$/i;

/** A security name without the descriptor of a plain common share. */
export function issuerName(securityName: string): string {
  const name = securityName.replace(/\s+/g, ' ').trim();
  const stripped = name.replace(COMMON_SHARE, '').trim();
  return stripped || name;
}

function security(symbol: string, name: string, exchange: string | null, etf: boolean): DirectorySecurity {
  return {
    asset: { symbol, type: 'stock', name: issuerName(name), exchange, currency: 'USD', active: true },
    etf,
  };
}

/** `nasdaqlisted.txt` → Nasdaq securities, test issues dropped. */
export function nasdaqListed(table: PipeTable): DirectorySecurity[] {
  return table.rows
    .filter((row) => row.Symbol && row['Test Issue'] !== 'Y')
    .map((row) => security(row.Symbol?.toUpperCase() ?? '', row['Security Name'] ?? '', 'NASDAQ', row.ETF === 'Y'));
}

/** `otherlisted.txt` → NYSE/Arca/American/Cboe/IEX securities, test issues dropped, ACT symbols in our form. */
export function otherListed(table: PipeTable): DirectorySecurity[] {
  return table.rows
    .filter((row) => row['ACT Symbol'] && row['Test Issue'] !== 'Y')
    .map((row) =>
      security(
        symbolFromAct(row['ACT Symbol'] ?? ''),
        row['Security Name'] ?? '',
        OTHER_EXCHANGES[row.Exchange ?? ''] ?? (row.Exchange || null),
        row.ETF === 'Y',
      ),
    );
}

/** Either directory, told apart by its header. */
export function directorySecurities(text: string): DirectorySecurity[] {
  const table = parsePipeTable(text);
  if (table.header.includes('ACT Symbol')) return otherListed(table);
  if (table.header.includes('Symbol') && table.header.includes('Market Category')) return nasdaqListed(table);
  throw new Error(`Not a Nasdaq Trader symbol directory (header: ${table.header.join('|')})`);
}

/** The label ETFs carry in `industry` (the asset model has no ETF column). */
export const ETF_INDUSTRY = 'Exchange Traded Fund';

/** Directory securities → asset records; ETFs are marked by {@link ETF_INDUSTRY}. */
export function toAssetRecords(securities: readonly DirectorySecurity[]): AssetRecord[] {
  return securities.map(({ asset, etf }) => (etf ? { ...asset, industry: ETF_INDUSTRY } : asset));
}
