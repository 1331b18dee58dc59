/**
 * Nasdaq Trader symbol directories over HTTP, or from recorded files (`--from-file`: one directory file, or a
 * folder holding `nasdaqlisted.txt` and/or `otherlisted.txt`).
 */
import { readFile } from 'node:fs/promises';
import { findRecorded, type VendorHttpClient } from '../http.ts';

export const NASDAQTRADER_FILES = ['nasdaqlisted.txt', 'otherlisted.txt'] as const;
export const NASDAQTRADER_URL = 'https://www.nasdaqtrader.com/dynamic/SymDir';

export interface NasdaqTraderSource {
  /** The raw text of each directory available. */
  directories(signal?: AbortSignal): Promise<string[]>;
}

export function createNasdaqTraderApi(http: VendorHttpClient): NasdaqTraderSource {
  return {
    directories: (signal) =>
      Promise.all(NASDAQTRADER_FILES.map((file) => http.getText(`${NASDAQTRADER_URL}/${file}`, { signal }))),
  };
}

export function createRecordedNasdaqTraderSource(path: string): NasdaqTraderSource {
  return {
    directories: async () => {
      // A folder may hold other text files: the two directories by name, else every .txt (a renamed single file).
      const files = await findRecorded(path, /\.txt$/);
      const named = files.filter((file) => /(^|[/\\])(nasdaqlisted|otherlisted)\.txt$/.test(file));
      return Promise.all((named.length > 0 ? named : files).map((file) => readFile(file, 'utf8')));
    },
  };
}
