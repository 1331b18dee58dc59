/**
 * SEC EDGAR over HTTP, or from recorded responses. Both give the raw bodies the transforms read.
 *
 * Live: the ticker list from www.sec.gov, submissions and companyfacts from data.sec.gov, every call through the
 * vendor client (declared User-Agent, ≤ 10 requests/s). A company without submissions or XBRL facts answers 404,
 * which is "nothing", not an error.
 *
 * Recorded (`--from-file PATH`): PATH is one file or a folder searched recursively, named as EDGAR names them:
 * `company_tickers_exchange.json`, `CIK##########.json` (a submissions or companyfacts body: a file under a
 * `companyfacts` folder, or whose body has `facts`, is companyfacts) and the paged `CIK##########-submissions-NNN.json`.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readRecorded, recordedFiles, type VendorHttpClient, VendorHttpError } from '../http.ts';
import {
  padCik,
  type SecCompanyFacts,
  type SecFilingColumns,
  type SecSubmissions,
  type SecTickerList,
} from './transform.ts';

export const SEC_TICKER_LIST_URL = 'https://www.sec.gov/files/company_tickers_exchange.json';
export const SEC_DATA_URL = 'https://data.sec.gov';

export interface SecSource {
  /** The ticker/exchange list; null when a recording has none. */
  tickerList(signal?: AbortSignal): Promise<SecTickerList | null>;
  submissions(cik: string, signal?: AbortSignal): Promise<SecSubmissions | null>;
  /** A paged older-filings file named by `filings.files[].name`. */
  submissionsPage(name: string, signal?: AbortSignal): Promise<SecFilingColumns | null>;
  companyFacts(cik: string, signal?: AbortSignal): Promise<SecCompanyFacts | null>;
  /** The CIKs a recording holds (submissions or companyfacts); null for the live API, which knows every CIK. */
  recordedCiks(): Promise<string[] | null>;
}

async function orNullOn404<T>(call: () => Promise<unknown>): Promise<T | null> {
  try {
    return (await call()) as T;
  } catch (error) {
    if (error instanceof VendorHttpError && error.status === 404) return null;
    throw error;
  }
}

export function createSecApi(http: VendorHttpClient): SecSource {
  return {
    tickerList: (signal) => http.getJson(SEC_TICKER_LIST_URL, { signal }) as Promise<SecTickerList>,
    submissions: (cik, signal) =>
      orNullOn404(() => http.getJson(`${SEC_DATA_URL}/submissions/CIK${padCik(cik)}.json`, { signal })),
    submissionsPage: (name, signal) =>
      orNullOn404(() => http.getJson(`${SEC_DATA_URL}/submissions/${encodeURIComponent(name)}`, { signal })),
    companyFacts: (cik, signal) =>
      orNullOn404(() => http.getJson(`${SEC_DATA_URL}/api/xbrl/companyfacts/CIK${padCik(cik)}.json`, { signal })),
    recordedCiks: async () => null,
  };
}

const CIK_FILE = /^CIK(\d{10})\.json$/;
const PAGE_FILE = /^CIK\d{10}-submissions-\d+\.json$/;

interface RecordedIndex {
  tickerList: string | null;
  submissions: Map<string, string>;
  companyFacts: Map<string, string>;
  pages: Map<string, string>;
}

async function isCompanyFacts(path: string): Promise<boolean> {
  if (/[/\\]companyfacts[/\\]/i.test(path)) return true;
  if (/[/\\]submissions[/\\]/i.test(path)) return false;
  // Sniff the start of the body: companyfacts opens with cik, entityName, facts.
  const head = (await readFile(path, 'utf8')).slice(0, 400);
  return /"facts"\s*:/.test(head);
}

export function createRecordedSecSource(path: string): SecSource {
  let index: Promise<RecordedIndex> | null = null;
  const load = () => {
    index ??= (async () => {
      const result: RecordedIndex = {
        tickerList: null,
        submissions: new Map(),
        companyFacts: new Map(),
        pages: new Map(),
      };
      for (const file of await recordedFiles(path)) {
        const name = basename(file);
        const cik = CIK_FILE.exec(name)?.[1];
        if (name === 'company_tickers_exchange.json') result.tickerList = file;
        else if (PAGE_FILE.test(name)) result.pages.set(name, file);
        else if (cik) ((await isCompanyFacts(file)) ? result.companyFacts : result.submissions).set(cik, file);
      }
      return result;
    })();
    return index;
  };
  const read = async <T>(file: string | null | undefined): Promise<T | null> =>
    file ? ((await readRecorded(file)) as T) : null;
  return {
    tickerList: async () => read((await load()).tickerList),
    submissions: async (cik) => read((await load()).submissions.get(padCik(cik))),
    submissionsPage: async (name) => read((await load()).pages.get(name)),
    companyFacts: async (cik) => read((await load()).companyFacts.get(padCik(cik))),
    recordedCiks: async () => {
      const { submissions, companyFacts } = await load();
      return [...new Set([...submissions.keys(), ...companyFacts.keys()])].sort();
    },
  };
}
