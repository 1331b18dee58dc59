/**
 * SEC EDGAR responses → our records. Pure: no I/O, no clock.
 *
 * - `company_tickers_exchange.json` → stock and OTC assets ({@link tickerListToAssets});
 * - submissions (`filings.recent` columns and the paged `CIK…-submissions-NNN.json` files) → SEC filings with their
 *   stored kind, EDGAR document URL and 8-K items ({@link filingsOf}), and the company's tickers as assets
 *   ({@link submissionsToAssets});
 * - companyfacts (XBRL) → quarterly reported EPS and revenue ({@link quarterlyResults}), and together with the 8-K
 *   Item 2.02 filings → earnings with confirmed past dates ({@link secEarnings}).
 *
 * EDGAR quirks handled here:
 * - `acceptanceDateTime` ends in 'Z' but is New York wall time (Apple's 4:30 pm releases read "16:30:33.000Z");
 * - `reportDate` of an 8-K is the date of its earliest event (the release day, unless the 8-K also reports an
 *   earlier event), of a 10-Q/10-K the period end, '' when absent;
 * - companyfacts holds every value of every filing: the same quarter appears in its own 10-Q and as a comparative a
 *   year later, restated for any stock split in between (NVIDIA's fiscal 2024 Q2 diluted EPS is 2.48 in the
 *   2023 10-Q and 0.25 in the 2024 one, after the 10-for-1 split). We take each period's value as first reported
 *   and express it in today's shares by splits detected from those restatements ({@link detectSplits});
 * - Q4 is rarely filed as a quarter: the 10-K gives the year, so Q4 = year − nine-month year-to-date (or − Q1..Q3).
 */
import {
  daysBetween,
  EARNINGS_RELEASE_ITEM,
  filingKindOfForm,
  type IsoDate,
  type MarketAssetType,
  normalizeForm,
  nyToUtc,
  type SessionType,
  sessionOf,
} from '@eh/domain';
import {
  closingMonth,
  type FiscalQuarter,
  fiscalQuarterOf,
  fiscalQuarterReportedOn,
  fiscalYearEndMonthOf,
  fiscalYearOf,
  quarterKey,
} from '../fiscal.ts';
import { symbolFromDashed } from '../symbols.ts';
import type { AssetKey, AssetRecord, EarningsRecord, FilingRecord } from '../types.ts';

// ---- raw shapes ------------------------------------------------------------------------------------------------

/** `files/company_tickers_exchange.json`: `{fields: ['cik','name','ticker','exchange'], data: [[…], …]}`. */
export interface SecTickerList {
  fields: string[];
  data: (string | number | null)[][];
}

/** The columnar filing table of `filings.recent` and of each paged submissions file. */
export interface SecFilingColumns {
  accessionNumber: string[];
  filingDate: string[];
  reportDate?: string[];
  acceptanceDateTime?: string[];
  form: string[];
  items?: string[];
  primaryDocument?: string[];
  primaryDocDescription?: string[];
}

export interface SecSubmissions {
  cik: string;
  name: string;
  entityType?: string | null;
  sic?: string | null;
  sicDescription?: string | null;
  tickers?: string[];
  exchanges?: (string | null)[];
  fiscalYearEnd?: string | null;
  website?: string | null;
  description?: string | null;
  filings?: {
    recent: SecFilingColumns;
    files?: { name: string; filingCount?: number; filingFrom?: string; filingTo?: string }[];
  };
}

export interface SecFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  frame?: string;
}

export interface SecCompanyFacts {
  cik: number | string;
  entityName?: string;
  facts: Record<string, Record<string, { label?: string | null; units: Record<string, SecFact[]> }>>;
}

// ---- identifiers and URLs --------------------------------------------------------------------------------------

/** CIK as EDGAR's URLs and our rows keep it: ten digits, zero-padded. */
export function padCik(cik: string | number): string {
  return String(cik).replace(/^CIK/i, '').padStart(10, '0');
}

/** The filing's primary document on EDGAR, or its index page when the primary document is unknown. */
export function filingUrl(cik: string | number, accessionNumber: string, primaryDocument?: string | null): string {
  const folder = `https://www.sec.gov/Archives/edgar/data/${Number(padCik(cik))}/${accessionNumber.replace(/-/g, '')}`;
  return primaryDocument ? `${folder}/${primaryDocument}` : `${folder}/${accessionNumber}-index.htm`;
}

/** EDGAR's acceptance time ("2025-01-30T16:30:23.000Z", New York wall time despite the Z) → the instant. */
export function acceptanceInstant(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):(\d{2})/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return new Date(nyToUtc(match[1], match[2]).getTime() + Number(match[3]) * 1000);
}

// ---- assets ----------------------------------------------------------------------------------------------------

const EXCHANGE_NAMES: Readonly<Record<string, string>> = {
  nasdaq: 'NASDAQ',
  nyse: 'NYSE',
  cboe: 'CBOE',
  otc: 'OTC',
};

/** SEC exchange → asset type: OTC is 'otc'; Nasdaq, NYSE, CBOE and no exchange (see {@link tickerListToAssets}) are 'stock'. */
export function assetTypeOfExchange(exchange: string | null | undefined): MarketAssetType {
  return exchange?.toUpperCase() === 'OTC' ? 'otc' : 'stock';
}

function exchangeName(exchange: string | null | undefined): string | null {
  if (!exchange) return null;
  return EXCHANGE_NAMES[exchange.toLowerCase()] ?? exchange;
}

/** "BANK OF AMERICA CORP /DE/" → "BANK OF AMERICA CORP": EDGAR's state-of-incorporation tags are not part of a name. */
export function cleanCompanyName(name: string): string {
  return name
    .replace(/\s*[/\\][A-Z]{2,3}[/\\]?\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The SEC ticker list → assets. The list is ordered by market value, largest first, so the rank stands in for
 * popularity until quotes give a market cap. Rows without an exchange (SEC knows the ticker but not its venue:
 * new listings, SPACs, names trading on no exchange we know) are kept as stocks with no exchange, so that
 * they stay searchable; the Nasdaq Trader directories fill in the exchange of those that list.
 */
export function tickerListToAssets(list: SecTickerList): AssetRecord[] {
  const column = (name: string) => {
    const index = list.fields.indexOf(name);
    if (index < 0) throw new Error(`SEC ticker list has no "${name}" field`);
    return index;
  };
  const [cikAt, nameAt, tickerAt, exchangeAt] = [column('cik'), column('name'), column('ticker'), column('exchange')];
  const seen = new Set<string>();
  const assets: AssetRecord[] = [];
  list.data.forEach((row, rank) => {
    const ticker = row[tickerAt];
    const cik = row[cikAt];
    if (typeof ticker !== 'string' || !ticker.trim() || cik === null || cik === undefined) return;
    const exchange = row[exchangeAt];
    const type = assetTypeOfExchange(typeof exchange === 'string' ? exchange : null);
    const symbol = symbolFromDashed(ticker);
    const key = `${type}:${symbol}`;
    if (seen.has(key)) return;
    seen.add(key);
    assets.push({
      symbol,
      type,
      name: cleanCompanyName(String(row[nameAt] ?? symbol)),
      exchange: exchangeName(typeof exchange === 'string' ? exchange : null),
      cik: padCik(cik),
      popularity: list.data.length - rank,
      currency: 'USD',
      active: true,
    });
  });
  return assets;
}

/** A company's tickers from its submissions, each with its exchange, fiscal year-end month and SIC industry. */
export function submissionsToAssets(submissions: SecSubmissions): AssetRecord[] {
  const tickers = submissions.tickers ?? [];
  const fiscalYearEndMonth = fiscalYearEndMonthOf(submissions.fiscalYearEnd);
  return tickers.map((ticker, i) => {
    const exchange = submissions.exchanges?.[i] ?? null;
    return {
      symbol: symbolFromDashed(ticker),
      type: assetTypeOfExchange(exchange),
      name: cleanCompanyName(submissions.name),
      exchange: exchangeName(exchange),
      cik: padCik(submissions.cik),
      industry: submissions.sicDescription || null,
      website: submissions.website || null,
      description: submissions.description || null,
      fiscalYearEndMonth,
      currency: 'USD',
      active: true,
    };
  });
}

/** The asset a company's filings belong to: its first ticker (EDGAR lists the common stock first). */
export function primaryAssetOf(submissions: SecSubmissions): AssetKey | null {
  const ticker = submissions.tickers?.[0];
  if (!ticker) return null;
  return { symbol: symbolFromDashed(ticker), type: assetTypeOfExchange(submissions.exchanges?.[0]) };
}

// ---- filings ---------------------------------------------------------------------------------------------------

function column<T>(values: T[] | undefined, i: number): T | undefined {
  return values?.[i];
}

/** One columnar filing table → filing records (kind from the form, URL of the EDGAR document, 8-K items kept). */
export function filingsOf(columns: SecFilingColumns, cik: string | number, asset: AssetKey | null): FilingRecord[] {
  const paddedCik = padCik(cik);
  const records: FilingRecord[] = [];
  columns.accessionNumber.forEach((accessionNumber, i) => {
    const form = columns.form[i];
    const filedDate = columns.filingDate[i];
    if (!accessionNumber || !form || !filedDate) return;
    const primaryDocument = column(columns.primaryDocument, i) || null;
    const items = (column(columns.items, i) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    records.push({
      asset,
      cik: paddedCik,
      accessionNumber,
      form,
      kind: filingKindOfForm(form),
      filedDate,
      acceptedAt: acceptanceInstant(column(columns.acceptanceDateTime, i)),
      periodOfReport: column(columns.reportDate, i) || null,
      items,
      primaryDocument,
      description: column(columns.primaryDocDescription, i) || null,
      url: filingUrl(paddedCik, accessionNumber, primaryDocument),
    });
  });
  return records;
}

// ---- earnings releases (8-K Item 2.02) -------------------------------------------------------------------------

export interface EarningsRelease {
  accessionNumber: string;
  /** The release day: the 8-K's event date, or its filing day when it reports several events. */
  date: IsoDate;
  acceptedAt: Date | null;
  /** From the filing's acceptance time; null when the 8-K was accepted on a later day than the release. */
  session: SessionType | null;
}

/** 8-K Item 9.01 (exhibits) accompanies the items that report events. */
const EXHIBITS_ITEM = '9.01';

/** 8-K filings with Item 2.02 (results of operations): the company's own word that it released results that day. */
export function earningsReleasesOf(columns: SecFilingColumns): EarningsRelease[] {
  const releases: EarningsRelease[] = [];
  columns.form.forEach((form, i) => {
    if (normalizeForm(form) !== '8-K') return;
    const items = (column(columns.items, i) ?? '').split(',').map((item) => item.trim());
    if (!items.includes(EARNINGS_RELEASE_ITEM)) return;
    const accessionNumber = columns.accessionNumber[i];
    const reported = column(columns.reportDate, i) || columns.filingDate[i];
    if (!accessionNumber || !reported) return;
    const accepted = column(columns.acceptanceDateTime, i) ?? '';
    const acceptedDay = accepted.slice(0, 10);
    // An 8-K reporting several events carries the earliest one's date (Microsoft's 2025-10-29 release came in an
    // 8-K dated 2025-10-28 for an Item 7.01 event): the release is the day it was filed.
    const events = items.filter((item) => item !== EXHIBITS_ITEM);
    const date =
      events.length > 1 && /^\d{4}-\d{2}-\d{2}$/.test(acceptedDay) && acceptedDay > reported ? acceptedDay : reported;
    const sameDay = acceptedDay === date;
    releases.push({
      accessionNumber,
      date,
      acceptedAt: acceptanceInstant(accepted),
      session: sameDay ? sessionOf(accepted.slice(11, 16), date) : null,
    });
  });
  return releases.sort((a, b) => a.date.localeCompare(b.date));
}

// ---- companyfacts → quarterly results --------------------------------------------------------------------------

type Concept = readonly [taxonomy: string, name: string, unit: string];

/** Diluted EPS first, basic when a period has no diluted figure. */
export const EPS_CONCEPTS: readonly Concept[] = [
  ['us-gaap', 'EarningsPerShareDiluted', 'USD/shares'],
  ['us-gaap', 'EarningsPerShareBasicAndDiluted', 'USD/shares'],
  ['us-gaap', 'EarningsPerShareBasic', 'USD/shares'],
  ['ifrs-full', 'DilutedEarningsLossPerShare', 'USD/shares'],
  ['ifrs-full', 'BasicEarningsLossPerShare', 'USD/shares'],
];

/** Total revenue under the names filers have used over the years, most general first. */
export const REVENUE_CONCEPTS: readonly Concept[] = [
  ['us-gaap', 'Revenues', 'USD'],
  ['us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD'],
  ['us-gaap', 'RevenueFromContractWithCustomerIncludingAssessedTax', 'USD'],
  ['us-gaap', 'SalesRevenueNet', 'USD'],
  ['us-gaap', 'SalesRevenueGoodsNet', 'USD'],
  ['us-gaap', 'SalesRevenueServicesNet', 'USD'],
  ['ifrs-full', 'Revenue', 'USD'],
];

/** Periodic reports whose facts count (amendments included; 8-K exhibits and registration statements not). */
const PERIODIC_FORM = /^(10-K|10-Q|20-F|40-F)/;

type Span = 'quarter' | 'nineMonths' | 'year';
/** 13- and 14-week quarters, 39/40-week year-to-date, 52/53-week years, with room for calendar months. */
function spanOf(fact: SecFact): Span | null {
  if (!fact.start) return null;
  const days = daysBetween(fact.start, fact.end);
  if (days >= 80 && days <= 100) return 'quarter';
  if (days >= 260 && days <= 285) return 'nineMonths';
  if (days >= 350 && days <= 380) return 'year';
  return null;
}

/** A stock split seen in restated figures: filings up to `after` use the old share count, from `before` the new. */
export interface DetectedSplit {
  /** Last filing date known to use the old share count. */
  after: IsoDate;
  /** First filing date known to use the new one. */
  before: IsoDate;
  /** New shares per old share (10 for NVIDIA's 2024 split; 0.1 for a 1-for-10 reverse split). */
  ratio: number;
}

const SPLIT_TOLERANCE = 0.1;
const MIN_SPLIT_CHANGE = 1.5;
/** A split restates every period a filing compares; one period changing alone is a tagging error. */
const MIN_SPLIT_PERIODS = 2;

/** The nearest plausible split ratio (n, n/2 or n/3, or their inverses) to an observed value ratio, if close. */
function snapSplitRatio(observed: number): number | null {
  const inverse = observed < 1;
  const value = inverse ? 1 / observed : observed;
  let best: number | null = null;
  for (const denominator of [1, 2, 3]) {
    const candidate = Math.round(value * denominator) / denominator;
    if (candidate < MIN_SPLIT_CHANGE) continue;
    if (Math.abs(value - candidate) / candidate > SPLIT_TOLERANCE) continue;
    if (best === null || Math.abs(value - candidate) < Math.abs(value - best)) best = candidate;
  }
  if (best === null) return null;
  return inverse ? 1 / best : best;
}

/**
 * Stock splits, from per-share values of one period reported again in a later filing at a ratio of 1.5 or more
 * (ordinary restatements move a value by far less). Each restatement brackets a split between two filing dates;
 * brackets that overlap with the same ratio are one split, narrowed to their intersection. The ratio is taken
 * from the largest values (least rounding) and snapped to n, n/2 or n/3. A split must show in two periods or
 * more: NVIDIA's fiscal 2018 10-K tagged one six-month EPS with a quarter's value (0.92 for 1.71), which a later
 * 10-Q put back, and that is not a split.
 */
export function detectSplits(facts: readonly SecFact[]): DetectedSplit[] {
  const byPeriod = new Map<string, SecFact[]>();
  for (const fact of facts) {
    if (!fact.start || !PERIODIC_FORM.test(fact.form) || !Number.isFinite(fact.val)) continue;
    const key = `${fact.start}/${fact.end}`;
    const list = byPeriod.get(key);
    if (list) list.push(fact);
    else byPeriod.set(key, [fact]);
  }
  const observations: { after: string; before: string; ratio: number; weight: number; period: string }[] = [];
  for (const [period, list] of byPeriod) {
    list.sort((a, b) => a.filed.localeCompare(b.filed));
    for (let i = 1; i < list.length; i += 1) {
      const older = list[i - 1];
      const newer = list[i];
      if (!older || !newer || older.filed === newer.filed || older.val === 0 || newer.val === 0) continue;
      const ratio = older.val / newer.val;
      if (ratio <= 0 || (ratio < MIN_SPLIT_CHANGE && ratio > 1 / MIN_SPLIT_CHANGE)) continue;
      observations.push({
        after: older.filed,
        before: newer.filed,
        ratio,
        weight: Math.min(Math.abs(older.val), Math.abs(newer.val)),
        period,
      });
    }
  }
  // Narrow brackets first: they place a split most precisely; wider ones then only confirm or extend.
  observations.sort((a, b) => daysBetween(a.after, a.before) - daysBetween(b.after, b.before));
  const splits: (DetectedSplit & { weight: number; periods: Set<string> })[] = [];
  for (const observation of observations) {
    const snapped = snapSplitRatio(observation.ratio);
    if (snapped === null) continue;
    const inside = splits.filter((s) => s.after >= observation.after && s.before <= observation.before);
    const product = inside.reduce((total, s) => total * s.ratio, 1);
    if (inside.length > 0 && Math.abs(observation.ratio / product - 1) <= SPLIT_TOLERANCE) {
      for (const split of inside) split.periods.add(observation.period);
      continue;
    }
    const overlapping = splits.find(
      (s) =>
        s.after < observation.before &&
        observation.after < s.before &&
        Math.abs(observation.ratio / s.ratio - 1) <= SPLIT_TOLERANCE,
    );
    if (overlapping) {
      overlapping.after = overlapping.after > observation.after ? overlapping.after : observation.after;
      overlapping.before = overlapping.before < observation.before ? overlapping.before : observation.before;
      overlapping.periods.add(observation.period);
      if (observation.weight > overlapping.weight) {
        overlapping.weight = observation.weight;
        overlapping.ratio = snapped;
      }
      continue;
    }
    if (inside.length > 0) continue;
    const { after, before, weight, period } = observation;
    splits.push({ after, before, ratio: snapped, weight, periods: new Set([period]) });
  }
  return splits
    .filter((split) => split.periods.size >= MIN_SPLIT_PERIODS)
    .map(({ after, before, ratio }) => ({ after, before, ratio }))
    .sort((a, b) => a.after.localeCompare(b.after));
}

/** How many of today's shares one share had when a filing dated `filed` was made. */
function splitFactorSince(filed: IsoDate, splits: readonly DetectedSplit[]): number {
  return splits.reduce((factor, split) => (filed <= split.after ? factor * split.ratio : factor), 1);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface QuarterValue {
  value: number;
  /** When the value was first filed (for a derived Q4, the 10-K's date). */
  filed: IsoDate;
  form: string;
  /** Q4 computed as the year minus the first nine months. */
  derived: boolean;
}

interface FirstReported {
  fact: SecFact;
  value: number;
}

/** One concept's quarterly values by quarter key ('2025-Q4'), per-share values expressed in today's shares. */
function quarterValues(
  facts: readonly SecFact[],
  fiscalYearEndMonth: number,
  perShare: boolean,
): Map<string, QuarterValue & { periodEnd: IsoDate }> {
  const splits = perShare ? detectSplits(facts) : [];
  const first = new Map<string, FirstReported>();
  for (const fact of facts) {
    if (!PERIODIC_FORM.test(fact.form) || !Number.isFinite(fact.val)) continue;
    const span = spanOf(fact);
    if (!span) continue;
    const quarter = span === 'year' ? null : fiscalQuarterOf(fact.end, fiscalYearEndMonth);
    const key =
      span === 'year'
        ? `${fiscalYearOf(fact.end)}-FY`
        : quarter && `${quarterKey(quarter)}${span === 'nineMonths' ? '-9M' : ''}`;
    if (!key || (span === 'year' && closingMonth(fact.end).month !== fiscalYearEndMonth)) continue;
    const known = first.get(key);
    // The value as first reported; a later filing only restates it.
    if (known && known.fact.filed <= fact.filed) continue;
    const factor = perShare ? splitFactorSince(fact.filed, splits) : 1;
    first.set(key, { fact, value: fact.val / factor });
  }

  const quarters = new Map<string, QuarterValue & { periodEnd: IsoDate }>();
  for (const [key, { fact, value }] of first) {
    if (!/-Q[1-4]$/.test(key)) continue;
    quarters.set(key, {
      value: round(value, perShare ? 4 : 0),
      filed: fact.filed,
      form: fact.form,
      derived: false,
      periodEnd: fact.end,
    });
  }
  for (const [key, { fact, value }] of first) {
    const year = /^(\d{4})-FY$/.exec(key)?.[1];
    if (!year || quarters.has(`${year}-Q4`)) continue;
    const nine = first.get(`${year}-Q3-9M`);
    const parts = ['Q1', 'Q2', 'Q3'].map((q) => first.get(`${year}-${q}`));
    let before: number | null = null;
    if (nine) before = nine.value;
    else if (parts.every(Boolean)) before = parts.reduce((total, part) => total + (part?.value ?? 0), 0);
    if (before === null) continue;
    quarters.set(`${year}-Q4`, {
      value: round(value - before, perShare ? 4 : 0),
      filed: fact.filed,
      form: fact.form,
      derived: true,
      periodEnd: fact.end,
    });
  }
  return quarters;
}

export interface QuarterlyResult extends FiscalQuarter {
  periodEnd: IsoDate;
  eps: QuarterValue | null;
  revenue: QuarterValue | null;
  /** When the quarter's periodic report (10-Q, or 10-K for Q4) was first filed. */
  reportFiled: IsoDate;
}

/** The fiscal year-end month a company's 10-K facts show (the closing month of its latest annual period). */
export function fiscalYearEndMonthOfFacts(companyFacts: SecCompanyFacts): number | null {
  let latest: SecFact | null = null;
  for (const [taxonomy, name] of [...EPS_CONCEPTS, ...REVENUE_CONCEPTS]) {
    for (const facts of Object.values(companyFacts.facts[taxonomy]?.[name]?.units ?? {})) {
      for (const fact of facts) {
        if (/^(10-K|20-F|40-F)/.test(fact.form) && spanOf(fact) === 'year' && (!latest || fact.end > latest.end)) {
          latest = fact;
        }
      }
    }
  }
  return latest ? closingMonth(latest.end).month : null;
}

function mergeByPriority(
  companyFacts: SecCompanyFacts,
  concepts: readonly Concept[],
  fiscalYearEndMonth: number,
  perShare: boolean,
) {
  const merged = new Map<string, QuarterValue & { periodEnd: IsoDate }>();
  for (const [taxonomy, name, unit] of concepts) {
    const facts = companyFacts.facts[taxonomy]?.[name]?.units[unit];
    if (!facts?.length) continue;
    for (const [key, value] of quarterValues(facts, fiscalYearEndMonth, perShare)) {
      if (!merged.has(key)) merged.set(key, value);
    }
  }
  return merged;
}

/**
 * Quarterly reported EPS (diluted, else basic) and revenue from companyfacts, by fiscal quarter, oldest first.
 * USD only (EPS in USD/shares); a foreign filer reporting in another currency gives nothing here.
 */
export function quarterlyResults(
  companyFacts: SecCompanyFacts,
  fiscalYearEndMonth: number | null = fiscalYearEndMonthOfFacts(companyFacts),
): QuarterlyResult[] {
  if (!fiscalYearEndMonth) return [];
  const eps = mergeByPriority(companyFacts, EPS_CONCEPTS, fiscalYearEndMonth, true);
  const revenue = mergeByPriority(companyFacts, REVENUE_CONCEPTS, fiscalYearEndMonth, false);
  const results: QuarterlyResult[] = [];
  for (const key of new Set([...eps.keys(), ...revenue.keys()])) {
    const [year, period] = key.split('-');
    const e = eps.get(key) ?? null;
    const r = revenue.get(key) ?? null;
    const anchor = e ?? r;
    if (!anchor || !year || (period !== 'Q1' && period !== 'Q2' && period !== 'Q3' && period !== 'Q4')) continue;
    const strip = (value: (QuarterValue & { periodEnd: IsoDate }) | null): QuarterValue | null =>
      value && { value: value.value, filed: value.filed, form: value.form, derived: value.derived };
    results.push({
      periodYear: Number(year),
      period,
      periodEnd: anchor.periodEnd,
      eps: strip(e),
      revenue: strip(r),
      reportFiled: [e?.filed, r?.filed].filter((d): d is string => Boolean(d)).sort()[0] ?? anchor.filed,
    });
  }
  return results.sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
}

// ---- earnings --------------------------------------------------------------------------------------------------

export interface SecEarningsInput {
  asset: AssetKey;
  companyFacts?: SecCompanyFacts | null;
  /** Every filing table of the company (recent and paged). */
  filings?: readonly SecFilingColumns[];
  /** From submissions' `fiscalYearEnd`; else read from the 10-K facts. */
  fiscalYearEndMonth?: number | null;
}

/**
 * Earnings per fiscal quarter: reported EPS and revenue from companyfacts, and the release date.
 *
 * A quarter's date is **confirmed** when an 8-K with Item 2.02 was filed after the quarter ended and no later than
 * its 10-Q/10-K; with several (a preliminary announcement, then the release) the last one is the release. Its
 * session comes from the 8-K's acceptance time. A quarter with results but no such 8-K (older than the filings
 * EDGAR lists, or a company that files none) gets the 10-Q/10-K filing date, **estimated**: the release was on or
 * before it. An Item 2.02 8-K that matches no quarter of companyfacts (the latest release before its 10-Q, or a
 * company without XBRL facts) still confirms the date of the quarter it reports, the last one closed before it,
 * unless companyfacts knows that quarter (then the 8-K came after its 10-Q and is about something else).
 */
export function secEarnings(input: SecEarningsInput): EarningsRecord[] {
  const fiscalYearEndMonth =
    input.fiscalYearEndMonth ?? (input.companyFacts ? fiscalYearEndMonthOfFacts(input.companyFacts) : null);
  if (!fiscalYearEndMonth) return [];
  const quarters = input.companyFacts ? quarterlyResults(input.companyFacts, fiscalYearEndMonth) : [];
  const releases = (input.filings ?? []).flatMap(earningsReleasesOf);
  const used = new Set<string>();
  const byKey = new Map<string, EarningsRecord>();

  for (const quarter of quarters) {
    const release = releases
      .filter((r) => r.date > quarter.periodEnd && r.date <= quarter.reportFiled)
      .reduce<EarningsRelease | null>((last, r) => (last && last.date >= r.date ? last : r), null);
    if (release) used.add(release.accessionNumber);
    byKey.set(quarterKey(quarter), {
      ...input.asset,
      periodYear: quarter.periodYear,
      period: quarter.period,
      periodEnd: quarter.periodEnd,
      date: release?.date ?? quarter.reportFiled,
      time: null,
      session: release?.session ?? null,
      dateStatus: release ? 'confirmed' : 'estimated',
      epsActual: quarter.eps?.value ?? null,
      revenueActual: quarter.revenue?.value ?? null,
      reportedAt: release?.acceptedAt ?? null,
    });
  }

  // Releases are in date order: among several for a quarter companyfacts does not know, the last one wins.
  const fromFacts = new Set(byKey.keys());
  for (const release of releases) {
    if (used.has(release.accessionNumber)) continue;
    const quarter = fiscalQuarterReportedOn(release.date, fiscalYearEndMonth);
    if (fromFacts.has(quarterKey(quarter))) continue;
    byKey.set(quarterKey(quarter), {
      ...input.asset,
      ...quarter,
      periodEnd: null,
      date: release.date,
      time: null,
      session: release.session,
      dateStatus: 'confirmed',
      epsActual: null,
      revenueActual: null,
      reportedAt: release.acceptedAt,
    });
  }

  const records = [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date));
  const byQuarter = new Map(records.map((r) => [quarterKey(r), r]));
  for (const record of records) {
    const prior = byQuarter.get(quarterKey({ periodYear: record.periodYear - 1, period: record.period }));
    record.epsPriorYear = prior?.epsActual ?? null;
    record.revenuePriorYear = prior?.revenueActual ?? null;
  }
  return records;
}
