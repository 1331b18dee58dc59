/**
 * The SEC EDGAR provider: the stock and OTC universe, SEC filings, and earnings with reported EPS/revenue and
 * confirmed past dates. One company per request (`batchSize` 1), at most 10 requests per second.
 *
 * Which companies: the requested assets (by ticker, through the SEC ticker list), else every company of a
 * recording, else (live) every company of the ticker list.
 */

import {
  batches,
  type DatasetHandlers,
  datasetsOf,
  dispatchDatasets,
  inWindow,
  requestedSymbols,
} from '../datasets.ts';
import { fiscalYearEndMonthOf } from '../fiscal.ts';
import { createVendorHttpClient } from '../http.ts';
import { symbolFromDashed } from '../symbols.ts';
import {
  type AssetKey,
  type AssetRecord,
  DATASETS,
  type FetchParams,
  type MarketDataProvider,
  type ProviderEnv,
} from '../types.ts';
import { createRecordedSecSource, createSecApi, type SecSource } from './sec-api.ts';
import {
  filingsOf,
  padCik,
  primaryAssetOf,
  type SecFilingColumns,
  type SecSubmissions,
  secEarnings,
  submissionsToAssets,
  tickerListToAssets,
} from './transform.ts';

export const SEC_PROVIDER = 'sec';
const ASSET_BATCH = 1000;

function liveSource(env: ProviderEnv): SecSource {
  const userAgent = env.config.SEC_USER_AGENT;
  if (!userAgent) {
    const refuse = () => {
      throw new Error('SEC_USER_AGENT is not set: SEC EDGAR requires a declared "Company contact@e-mail" User-Agent');
    };
    return {
      tickerList: refuse,
      submissions: refuse,
      submissionsPage: refuse,
      companyFacts: refuse,
      recordedCiks: refuse,
    };
  }
  return createSecApi(
    createVendorHttpClient({
      provider: SEC_PROVIDER,
      userAgent,
      requestsPerSecond: env.config.SEC_REQUESTS_PER_SECOND,
      timeoutMs: env.config.PROVIDER_TIMEOUT_MS,
    }),
  );
}

/** Every filing table of a company: `filings.recent` and the paged older files that reach into the window. */
async function filingTables(
  source: SecSource,
  submissions: SecSubmissions,
  params: FetchParams,
): Promise<SecFilingColumns[]> {
  const recent = submissions.filings?.recent;
  const tables: SecFilingColumns[] = recent ? [recent] : [];
  for (const page of submissions.filings?.files ?? []) {
    if (params.from && page.filingTo && page.filingTo < params.from) continue;
    if (params.to && page.filingFrom && page.filingFrom > params.to) continue;
    const table = await source.submissionsPage(page.name, params.signal);
    if (table) tables.push(table);
  }
  return tables;
}

export function createSecProvider(env: ProviderEnv): MarketDataProvider {
  const source = env.fromFile ? createRecordedSecSource(env.fromFile) : liveSource(env);
  let tickerAssets: Promise<AssetRecord[]> | null = null;
  const universe = (signal?: AbortSignal) => {
    tickerAssets ??= source.tickerList(signal).then((list) => (list ? tickerListToAssets(list) : []));
    return tickerAssets;
  };

  /** The companies (CIKs) a fetch covers, in the ticker list's order (largest first). */
  async function companies(params: FetchParams): Promise<string[]> {
    const wanted = requestedSymbols(params);
    const recorded = await source.recordedCiks();
    if (!wanted)
      return recorded ?? [...new Set((await universe(params.signal)).map((a) => a.cik ?? ''))].filter(Boolean);
    const ciks = new Set<string>();
    for (const asset of await universe(params.signal)) {
      if (asset.cik && wanted.has(asset.symbol.toUpperCase())) ciks.add(asset.cik);
    }
    // A recording may hold a company's submissions without the ticker list: match on its own tickers.
    for (const cik of recorded ?? []) {
      const submissions = await source.submissions(cik, params.signal);
      if (submissions?.tickers?.some((t) => wanted.has(symbolFromDashed(t)))) ciks.add(padCik(cik));
    }
    return [...ciks];
  }

  async function* assets(params: FetchParams): AsyncIterable<AssetRecord[]> {
    const wanted = requestedSymbols(params);
    const byKey = new Map((await universe(params.signal)).map((asset) => [`${asset.type}:${asset.symbol}`, asset]));
    // Submissions add what the list lacks: fiscal year end, industry, website, and tickers it omits.
    const enrich = (await source.recordedCiks()) ?? (wanted ? await companies(params) : []);
    for (const cik of enrich) {
      const submissions = await source.submissions(cik, params.signal);
      for (const asset of submissions ? submissionsToAssets(submissions) : []) {
        const key = `${asset.type}:${asset.symbol}`;
        const listed = byKey.get(key);
        byKey.set(key, listed ? { ...asset, ...listed, ...pickDefined(asset, listed) } : asset);
      }
    }
    const selected = [...byKey.values()].filter((asset) => !wanted || wanted.has(asset.symbol.toUpperCase()));
    yield* batches(selected, ASSET_BATCH);
  }

  async function* filings(params: FetchParams) {
    for (const cik of await companies(params)) {
      const submissions = await source.submissions(cik, params.signal);
      if (!submissions) continue;
      const asset = primaryAssetOf(submissions);
      const records = (await filingTables(source, submissions, params))
        .flatMap((table) => filingsOf(table, cik, asset))
        .filter((filing) => inWindow(filing.filedDate, params));
      if (records.length > 0) yield records;
    }
  }

  async function* earnings(params: FetchParams) {
    const byCik = new Map<string, AssetKey>();
    for (const asset of await universe(params.signal))
      if (asset.cik && !byCik.has(asset.cik)) byCik.set(asset.cik, asset);
    for (const cik of await companies(params)) {
      const submissions = await source.submissions(cik, params.signal);
      const listed = byCik.get(padCik(cik));
      const asset =
        (submissions && primaryAssetOf(submissions)) ?? (listed && { symbol: listed.symbol, type: listed.type });
      if (!asset) continue;
      const companyFacts = await source.companyFacts(cik, params.signal);
      const records = secEarnings({
        asset,
        companyFacts,
        filings: submissions ? await filingTables(source, submissions, {}) : [],
        fiscalYearEndMonth: fiscalYearEndMonthOf(submissions?.fiscalYearEnd),
      }).filter((record) => inWindow(record.date, params));
      if (records.length > 0) yield records;
    }
  }

  const handlers: DatasetHandlers = { assets, filings, earnings };
  return {
    name: SEC_PROVIDER,
    datasets: datasetsOf(handlers, DATASETS),
    batchSize: 1,
    rateLimitPerSecond: env.config.SEC_REQUESTS_PER_SECOND,
    canHandle: (asset) => asset.type === 'stock' || asset.type === 'otc',
    fetch: dispatchDatasets(SEC_PROVIDER, handlers),
  };
}

/** The list's fields win, except where the list has nothing and submissions do. */
function pickDefined(from: AssetRecord, onto: AssetRecord): Partial<AssetRecord> {
  const filled: Partial<AssetRecord> = {};
  for (const [key, value] of Object.entries(onto) as [keyof AssetRecord, unknown][]) {
    if ((value === null || value === undefined) && from[key] !== null && from[key] !== undefined) {
      Object.assign(filled, { [key]: from[key] });
    }
  }
  return filled;
}
