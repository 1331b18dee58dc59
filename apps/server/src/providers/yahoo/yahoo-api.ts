/**
 * Yahoo Finance through the `yahoo-finance2` library (v4), or from recorded responses.
 *
 * Live: the library does what is hard to do by hand (Yahoo's cookie and crumb session, query building, its request
 * queue), with its own browser-compatible User-Agent, which Yahoo requires. Its HTTP goes through our vendor client
 * (rate limit, timeout, SPEC §9 retries) via the library's `fetch` option, and we keep the **raw JSON body** of
 * the module's request as the library received it: results are asked for with `validateResult: false` and not
 * used, so that live and recorded data take the same path through `transform.ts`, and a change in the library's
 * coercions cannot change our records.
 *
 * Recorded (`--from-file PATH`): the `{request, response: {bodyJson}}` files of yahoo-finance2's test fixtures,
 * named `quote-*`, `chart-*`, `historical-via-chart-*`, `quoteSummary-*` and `search-*`. The library's fetch is
 * bypassed: each file's bodyJson is served as the answer for the symbol in its recorded URL (the `symbols=` of a
 * quote, the path of a chart or quoteSummary, the `q=` of a search); the response's HTTP Date is its fetch time.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type YahooFinanceSdk from 'yahoo-finance2';

type YahooFinance = InstanceType<typeof YahooFinanceSdk>;

import { recordedFiles, unwrapRecorded, type VendorHttpClient } from '../http.ts';

export interface YahooAnswer {
  body: unknown;
  /** When Yahoo answered (recorded: the HTTP Date header); null when unknown. */
  fetchedAt: Date | null;
}

export interface ChartQuery {
  period1: Date;
  period2: Date;
  interval: '1d' | '1m' | '5m' | '15m' | '60m';
}

/** Modules one quoteSummary call asks for: everything the earnings, ratings, short and dividend datasets read. */
export const SUMMARY_MODULES = [
  'earnings',
  'earningsHistory',
  'earningsTrend',
  'calendarEvents',
  'defaultKeyStatistics',
  'summaryDetail',
  'recommendationTrend',
  'upgradeDowngradeHistory',
  'price',
] as const;

export interface YahooSource {
  quote(symbols: string[], signal?: AbortSignal): Promise<YahooAnswer[]>;
  chart(symbol: string, query: ChartQuery, signal?: AbortSignal): Promise<YahooAnswer[]>;
  quoteSummary(symbol: string, signal?: AbortSignal): Promise<YahooAnswer | null>;
  search(query: string, signal?: AbortSignal): Promise<YahooAnswer | null>;
  /** Yahoo symbols a recording holds for a kind of answer; null for the live API. */
  recordedSymbols(kind: RecordedKind): Promise<string[] | null>;
}

export function createYahooApi(http: VendorHttpClient): YahooSource {
  // The library and what it brings (a cookie jar, a public-suffix list) load with the first call: a server that
  // never asks Yahoo (the demo market) does not spend the time and memory.
  let library: Promise<YahooFinance> | undefined;
  const yahoo = () => {
    library ??= import('yahoo-finance2').then(
      ({ default: Sdk }) =>
        new Sdk({
          suppressNotices: ['yahooSurvey'],
          versionCheck: false,
          validation: { logErrors: false, logOptionsErrors: false },
        }),
    );
    return library;
  };

  /** Runs one library call and returns the raw body of its request to `path` (crumb and cookie calls aside). */
  async function raw(
    path: RegExp,
    call: (yahooFinance: YahooFinance, fetch: typeof globalThis.fetch) => Promise<unknown>,
  ): Promise<YahooAnswer> {
    const yahooFinance = await yahoo();
    let body: unknown = null;
    const capturing = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const response = await http.send(url, init);
      if (response.ok && path.test(new URL(url).pathname)) body = await response.clone().json();
      return response;
    }) as typeof globalThis.fetch;
    await call(yahooFinance, capturing);
    return { body, fetchedAt: new Date() };
  }

  return {
    quote: async (symbols, signal) => [
      await raw(/\/finance\/quote$/, (yahooFinance, fetch) =>
        yahooFinance.quote(symbols, {}, { validateResult: false, fetch, fetchOptions: { signal } }),
      ),
    ],
    chart: async (symbol, { period1, period2, interval }, signal) => [
      await raw(/\/finance\/chart\//, (yahooFinance, fetch) =>
        yahooFinance.chart(
          symbol,
          { period1, period2, interval, events: 'div|split' },
          { validateResult: false, fetch, fetchOptions: { signal } },
        ),
      ),
    ],
    quoteSummary: (symbol, signal) =>
      raw(/\/finance\/quoteSummary\//, (yahooFinance, fetch) =>
        yahooFinance.quoteSummary(
          symbol,
          { modules: [...SUMMARY_MODULES] },
          { validateResult: false, fetch, fetchOptions: { signal } },
        ),
      ),
    search: (query, signal) =>
      raw(/\/finance\/search$/, (yahooFinance, fetch) =>
        yahooFinance.search(
          query,
          { quotesCount: 0, newsCount: 20 },
          { validateResult: false, fetch, fetchOptions: { signal } },
        ),
      ),
    recordedSymbols: async () => null,
  };
}

// ---- recorded --------------------------------------------------------------------------------------------------

export type RecordedKind = 'quote' | 'chart' | 'quoteSummary' | 'search';

interface Recording {
  kind: RecordedKind;
  /** Yahoo symbols (or the search query) the recorded request asked for. */
  keys: string[];
  answer: YahooAnswer;
}

/** What a recorded request asked for, read from its URL. */
export function recordedRequest(url: string): { kind: RecordedKind; keys: string[] } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = decodeURIComponent(parsed.pathname);
  const inPath = (prefix: string) => path.split(prefix)[1]?.split('/')[0];
  if (/\/finance\/quote$/.test(path)) {
    const symbols = parsed.searchParams.get('symbols');
    return symbols ? { kind: 'quote', keys: symbols.split(',') } : null;
  }
  const chart = inPath('/finance/chart/');
  if (chart) return { kind: 'chart', keys: [chart] };
  const summary = inPath('/finance/quoteSummary/');
  if (summary) return { kind: 'quoteSummary', keys: [summary] };
  if (/\/finance\/search$/.test(path)) {
    const query = parsed.searchParams.get('q');
    return query ? { kind: 'search', keys: [query] } : null;
  }
  return null;
}

const RECORDED_NAME = /^(quote|chart|historical-via-chart|quoteSummary|search)-.*\.json$/;

export function createRecordedYahooSource(path: string): YahooSource {
  let recordings: Promise<Recording[]> | null = null;
  const load = () => {
    recordings ??= (async () => {
      const out: Recording[] = [];
      for (const file of (await recordedFiles(path)).filter((f) => RECORDED_NAME.test(basename(f)))) {
        const envelope = JSON.parse(await readFile(file, 'utf8')) as {
          request?: { url?: string };
          response?: { headers?: Record<string, string> };
        };
        const request = recordedRequest(envelope.request?.url ?? '');
        if (!request) continue;
        const date = envelope.response?.headers?.date;
        out.push({ ...request, answer: { body: unwrapRecorded(envelope), fetchedAt: date ? new Date(date) : null } });
      }
      return out;
    })();
    return recordings;
  };
  const find = async (kind: RecordedKind, key: string) =>
    (await load()).filter((r) => r.kind === kind && r.keys.includes(key)).map((r) => r.answer);

  return {
    quote: async (symbols) => {
      const answers = await Promise.all(symbols.map((symbol) => find('quote', symbol)));
      return [...new Set(answers.flat())];
    },
    chart: (symbol) => find('chart', symbol),
    quoteSummary: async (symbol) => {
      // Module-by-module recordings of one symbol make one answer, as a live call for all modules would.
      const answers = await find('quoteSummary', symbol);
      if (answers.length === 0) return null;
      const result = Object.assign({}, ...answers.map((a) => summaryResult(a.body)));
      return { body: { quoteSummary: { result: [result], error: null } }, fetchedAt: answers[0]?.fetchedAt ?? null };
    },
    search: async (query) => (await find('search', query))[0] ?? null,
    recordedSymbols: async (kind) => [...new Set((await load()).filter((r) => r.kind === kind).flatMap((r) => r.keys))],
  };
}

function summaryResult(body: unknown): Record<string, unknown> {
  const result = (body as { quoteSummary?: { result?: unknown[] } } | null)?.quoteSummary?.result?.[0];
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
}
