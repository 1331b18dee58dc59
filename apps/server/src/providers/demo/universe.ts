/**
 * The demo universe as typed assets, built from the compact tables: stocks, OTC names, crypto and indexes, each
 * with the traits the generators need (volatility, beta, release habits, fundamentals, dividends, popularity).
 */
import type { MarketAssetType } from '@eh/domain';
import type { AssetRecord } from '../types.ts';
import { CH, hashString, normal, uniform } from './rng.ts';
import { CRYPTO } from './universe/crypto.ts';
import { INDEXES, type IndexStyle } from './universe/indexes.ts';
import { INDUSTRIES, type IndustryCode, type SessionCode } from './universe/industries.ts';
import { OTC } from './universe/otc.ts';
import { DIVIDENDS_PER_YEAR, FOREIGN_LISTINGS, LISTED_SINCE, MONTHLY_PAYERS, STOCKS } from './universe/stocks.ts';
import { FUNDAMENTALS, GROWTH, HOUSEHOLD_NAMES, RELEASE_PROFILES, VOLATILITY } from './universe/traits.ts';

/** The day every reference price in the tables is the close of; the random walks are pinned there. */
export const REFERENCE_DATE = '2025-06-30';

const EXCHANGES = { Q: 'NASDAQ', N: 'NYSE', C: 'CBOE' } as const;
const SECTOR_NAMES = [...new Set(Object.values(INDUSTRIES).map((row) => row[0]))];

export interface ReleaseHabit {
  session: SessionCode;
  /** Days from quarter end to release. */
  lag: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes after New York midnight. */
  minute: number;
  /** Extra days for the fourth quarter (the annual report takes longer). */
  q4Extra: number;
  /** Minutes from the release to the call. */
  callDelay: number;
}

export interface DemoAsset {
  /** Position in the universe. */
  ordinal: number;
  symbol: string;
  type: MarketAssetType;
  name: string;
  exchange: string | null;
  cik: string | null;
  sector: string | null;
  industry: string | null;
  industryCode: IndustryCode | null;
  sectorIndex: number;
  country: string;
  fiscalYearEndMonth: number | null;
  /** Shares (or coins) outstanding. */
  shares: number;
  /** Close at {@link REFERENCE_DATE}, split-adjusted to today's terms. */
  referencePrice: number;
  popularity: number;
  /**
   * Seed of the company behind the asset: share classes of one company (same CIK) share it, so they report,
   * pay, file and move together. `primary` is false for every class but the first listed.
   */
  companySeed: number;
  primary: boolean;
  /** Rank among household names (0 first), or null. */
  householdRank: number | null;
  seed: number;
  /** Annual volatility and market beta. */
  volatility: number;
  beta: number;
  /** Annual drift of the walk. */
  drift: number;
  /** Typical daily volume at the reference date (shares; dollars for crypto). */
  averageVolume: number;
  indexStyle: IndexStyle | null;
  /** Pegged to 1 (stablecoins). */
  pegged: boolean;
  /** First trading day (ISO date), when the asset listed inside the window. */
  listedSince: string | null;
  externalIds: Record<string, string>;
  /** Filings regime: '10-K' domestic, '20-F' foreign private issuer, '40-F' Canadian, null for none. */
  annualForm: '10-K' | '20-F' | '40-F' | null;
  /** Reports quarterly results (stocks and OTC companies). */
  reports: boolean;
  release: ReleaseHabit | null;
  /** Annual revenue and EPS at the reference date, and yearly growth. */
  revenue: number;
  eps: number;
  growth: number;
  /** Yearly dividend at the reference date and payments a year (0 when none). */
  annualDividend: number;
  dividendsPerYear: number;
}

export interface DemoUniverse {
  assets: readonly DemoAsset[];
  bySymbol: ReadonlyMap<string, DemoAsset>;
  byKey: ReadonlyMap<string, DemoAsset>;
}

export const assetKey = (type: string, symbol: string) => `${type}:${symbol.toUpperCase()}`;

const BEFORE_TIMES = [360, 390, 405, 415, 415, 420, 420, 435, 450, 480, 510];
const AFTER_TIMES = [960, 961, 962, 965, 965, 965, 970, 975, 980, 990];
const MARKET_TIMES = [600, 660, 720, 780];
const WEEKDAYS = [1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5];

function releaseHabit(symbol: string, seed: number, code: IndustryCode): ReleaseHabit {
  const industry = INDUSTRIES[code];
  const profile = RELEASE_PROFILES[symbol];
  const draw = (key: number) => uniform(seed, CH.traits, key);
  const bank = code === 'BANK' || code === 'RBANK';
  const q4Extra = bank ? Math.floor(draw(1) * 3) : 3 + Math.floor(draw(1) * 9);
  if (profile !== undefined) {
    // Companies whose habits are known keep them through the fourth quarter too.
    const knownQ4Extra = Math.floor(draw(1) * 4);
    const match = /^([abm])(\d+):(\d)@(\d\d):(\d\d)(?:\+(\d+))?$/.exec(profile);
    if (match === null) throw new Error(`Bad release profile for ${symbol}: ${profile}`);
    const session = match[1] as SessionCode;
    const minute = Number(match[4]) * 60 + Number(match[5]);
    return {
      session,
      lag: Number(match[2]),
      weekday: Number(match[3]),
      minute,
      q4Extra: match[6] === undefined ? knownQ4Extra : Number(match[6]),
      callDelay: session === 'a' ? 25 + Math.floor(draw(2) * 3) * 30 : 90 + Math.floor(draw(2) * 3) * 30,
    };
  }
  let session: SessionCode = industry[6];
  const flip = draw(3);
  if (flip < 0.15) session = session === 'a' ? 'b' : 'a';
  else if (flip < 0.17) session = 'm';
  const times = session === 'a' ? AFTER_TIMES : session === 'b' ? BEFORE_TIMES : MARKET_TIMES;
  const minute = times[Math.floor(draw(4) * times.length)] ?? 960;
  const lag = Math.max(9, Math.round(industry[8] + normal(seed, CH.traits, 5) * 4.5));
  return {
    session,
    lag,
    weekday: WEEKDAYS[Math.floor(draw(6) * WEEKDAYS.length)] ?? 3,
    minute,
    q4Extra,
    callDelay:
      session === 'a' ? 25 + Math.floor(draw(2) * 3) * 30 : session === 'm' ? 0 : 90 + Math.floor(draw(2) * 3) * 30,
  };
}

function popularityOf(householdRank: number | null, marketCap: number): number {
  if (householdRank !== null) return 1_000_000 - householdRank * 4_000;
  const scaled = (Math.log10(Math.max(marketCap, 1e8)) - 8) / (Math.log10(4e12) - 8);
  return Math.round(100_000 + 380_000 * Math.min(1, Math.max(0, scaled)));
}

interface CompanyInput {
  symbol: string;
  type: 'stock' | 'otc';
  name: string;
  exchange: string;
  code: IndustryCode;
  fye: number;
  sharesMillions: number;
  price: number;
  cik: number;
  dividend: number;
  perYear: number;
  country: string;
  annualForm: DemoAsset['annualForm'];
}

const HOUSEHOLD_RANK = new Map(HOUSEHOLD_NAMES.map((symbol, rank) => [symbol, rank]));

function company(input: CompanyInput, ordinal: number): DemoAsset {
  const seed = hashString(`${input.type}:${input.symbol}`);
  const industry = INDUSTRIES[input.code];
  const shares = input.sharesMillions * 1e6;
  const marketCap = shares * input.price;
  const householdRank = HOUSEHOLD_RANK.get(input.symbol) ?? null;
  // Mega caps move less than the industry; small ones more.
  const sizeTilt = Math.min(1.25, Math.max(0.8, 1 - 0.09 * (Math.log10(marketCap) - 10.5)));
  const jitter = Math.exp(0.12 * normal(seed, CH.traits, 10));
  const volatility = VOLATILITY[input.symbol] ?? industry[2] * sizeTilt * jitter * (input.type === 'otc' ? 1.1 : 1);
  const beta = Math.max(
    0.3,
    industry[3] * (0.85 + 0.3 * uniform(seed, CH.traits, 11)) * Math.min(1.6, volatility / industry[2]),
  );
  const fundamentals = FUNDAMENTALS[input.symbol];
  const revenue = fundamentals
    ? fundamentals[0] * 1e9
    : (marketCap / industry[4]) * Math.exp(0.3 * normal(seed, CH.traits, 12));
  const eps = fundamentals
    ? fundamentals[1]
    : (input.price / industry[5]) * Math.exp(0.25 * normal(seed, CH.traits, 13));
  const growth =
    GROWTH[input.symbol] ?? Math.min(0.6, Math.max(-0.12, industry[7] + 0.05 * normal(seed, CH.traits, 14)));
  const popularTurnover = householdRank !== null && householdRank < 80 ? 2.2 : 1;
  const turnover = 0.0038 * (volatility / 0.3) ** 1.2 * popularTurnover * (input.type === 'otc' ? 0.08 : 1);
  return {
    ordinal,
    symbol: input.symbol,
    type: input.type,
    name: input.name,
    exchange: input.exchange,
    cik: input.cik > 0 ? String(input.cik).padStart(10, '0') : null,
    sector: industry[0],
    industry: industry[1],
    industryCode: input.code,
    sectorIndex: SECTOR_NAMES.indexOf(industry[0]),
    country: input.country,
    fiscalYearEndMonth: input.fye,
    shares,
    referencePrice: input.price,
    popularity: popularityOf(householdRank, marketCap),
    householdRank,
    seed,
    companySeed: seed,
    primary: true,
    volatility,
    beta,
    drift: 0.07 + 0.05 * normal(seed, CH.traits, 15) + Math.min(0.15, growth * 0.3),
    averageVolume: Math.max(1000, shares * turnover),
    indexStyle: null,
    pegged: false,
    listedSince: LISTED_SINCE[input.symbol] ?? null,
    externalIds: {},
    annualForm: input.annualForm,
    reports: true,
    release: releaseHabit(input.symbol, seed, input.code),
    revenue,
    eps,
    growth,
    annualDividend: input.dividend,
    dividendsPerYear: input.dividend > 0 ? input.perYear : 0,
  };
}

/** Builds the whole universe; the same every time. */
export function buildUniverse(): DemoUniverse {
  const assets: DemoAsset[] = [];
  for (const [symbol, name, exchange, code, fye, sharesMillions, price, cik, dividend] of STOCKS) {
    const foreign = FOREIGN_LISTINGS[symbol];
    const perYear = MONTHLY_PAYERS.has(symbol) ? 12 : (DIVIDENDS_PER_YEAR[symbol] ?? 4);
    assets.push(
      company(
        {
          symbol,
          type: 'stock',
          name,
          exchange: EXCHANGES[exchange],
          code,
          fye,
          sharesMillions,
          price,
          cik,
          dividend,
          perYear,
          country: foreign?.[0] ?? 'US',
          annualForm: foreign?.[1] ?? '10-K',
        },
        assets.length,
      ),
    );
  }
  for (const [symbol, name, country, code, fye, sharesMillions, price, cik, dividend, perYear] of OTC) {
    assets.push(
      company(
        {
          symbol,
          type: 'otc',
          name,
          exchange: 'OTC',
          code,
          fye,
          sharesMillions,
          price,
          cik,
          dividend,
          perYear,
          country,
          annualForm: cik > 0 ? '10-K' : null,
        },
        assets.length,
      ),
    );
  }
  for (const [symbol, name, coingeckoId, supplyMillions, price, volatility] of CRYPTO) {
    const seed = hashString(`crypto:${symbol}`);
    const householdRank = HOUSEHOLD_RANK.get(symbol) ?? null;
    const shares = supplyMillions * 1e6;
    assets.push({
      ordinal: assets.length,
      symbol,
      type: 'crypto',
      name,
      exchange: null,
      cik: null,
      sector: null,
      industry: null,
      industryCode: null,
      sectorIndex: -1,
      country: '',
      fiscalYearEndMonth: null,
      shares,
      referencePrice: price,
      popularity: popularityOf(householdRank, shares * price) - (householdRank === null ? 60_000 : 0),
      householdRank,
      seed,
      companySeed: seed,
      primary: true,
      volatility,
      beta: symbol === 'BTC' ? 1 : 1 + 0.3 * uniform(seed, CH.traits, 11),
      drift: volatility < 0.05 ? 0 : 0.15 + 0.1 * normal(seed, CH.traits, 15),
      averageVolume: shares * price * (volatility < 0.05 ? 0.5 : 0.035),
      indexStyle: null,
      pegged: volatility < 0.05,
      listedSince: null,
      externalIds: { coingecko: coingeckoId },
      annualForm: null,
      reports: false,
      release: null,
      revenue: 0,
      eps: 0,
      growth: 0,
      annualDividend: 0,
      dividendsPerYear: 0,
    });
  }
  for (const [symbol, name, publisher, level, beta, style, volumeMillions] of INDEXES) {
    const seed = hashString(`index:${symbol}`);
    const householdRank = HOUSEHOLD_RANK.get(symbol) ?? null;
    assets.push({
      ordinal: assets.length,
      symbol,
      type: 'index',
      name,
      exchange: publisher,
      cik: null,
      sector: null,
      industry: null,
      industryCode: null,
      sectorIndex: -1,
      country: 'US',
      fiscalYearEndMonth: null,
      shares: 0,
      referencePrice: level,
      popularity: householdRank !== null ? 1_000_000 - householdRank * 4_000 : 500_000,
      householdRank,
      seed,
      companySeed: seed,
      primary: true,
      volatility: style === 'vix' ? 0.9 : 0.16 * beta,
      beta,
      drift: style === 'vix' ? 0 : 0.08,
      averageVolume: volumeMillions * 1e6,
      indexStyle: style,
      pegged: false,
      listedSince: null,
      externalIds: {},
      annualForm: null,
      reports: false,
      release: null,
      revenue: 0,
      eps: 0,
      growth: 0,
      annualDividend: 0,
      dividendsPerYear: 0,
    });
  }
  // Share classes: the first class listed is the company; the others follow its traits.
  const firstOfCik = new Map<string, DemoAsset>();
  for (const asset of assets) {
    if (asset.cik === null) continue;
    const first = firstOfCik.get(asset.cik);
    if (first === undefined) {
      firstOfCik.set(asset.cik, asset);
      continue;
    }
    asset.companySeed = first.seed;
    asset.primary = false;
    asset.volatility = first.volatility;
    asset.beta = first.beta;
    asset.drift = first.drift;
    asset.growth = first.growth;
    asset.release = first.release;
    asset.revenue = first.revenue;
    if (FUNDAMENTALS[asset.symbol] === undefined) asset.eps = first.eps * (asset.referencePrice / first.referencePrice);
  }
  const bySymbol = new Map<string, DemoAsset>();
  const byKey = new Map<string, DemoAsset>();
  for (const asset of assets) {
    if (!bySymbol.has(asset.symbol)) bySymbol.set(asset.symbol, asset);
    byKey.set(assetKey(asset.type, asset.symbol), asset);
  }
  return { assets, bySymbol, byKey };
}

/** What the assets dataset stores; the market cap is filled in from the latest close by the caller. */
export function assetRecordOf(asset: DemoAsset, price: number | null): AssetRecord {
  return {
    symbol: asset.symbol,
    type: asset.type,
    name: asset.name,
    exchange: asset.exchange,
    cik: asset.cik,
    sector: asset.sector,
    industry: asset.industry,
    country: asset.country || null,
    currency: 'USD',
    description: null,
    website: null,
    fiscalYearEndMonth: asset.fiscalYearEndMonth,
    sharesOutstanding: asset.shares > 0 ? Math.round(asset.shares) : null,
    marketCap: price !== null && asset.shares > 0 ? Math.round(price * asset.shares) : null,
    popularity: asset.popularity,
    externalIds: asset.externalIds,
    active: true,
  };
}
