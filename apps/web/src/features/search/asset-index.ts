/**
 * The static asset list (SPEC §7 static GET file) and the search index built from it: fetched once per page load
 * (the browser revalidates it with its ETag), decoded and indexed once, then shared by the search modal, the
 * search pages and /all. Loaded only when a search opens, so it never weighs on the first load.
 */

import type { StaticAssetList } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { buildSearchIndex, decodeStaticAssetList, type SearchAsset, type SearchIndex } from '@eh/domain';
import { useEffect, useState } from 'react';
import { apiBaseUrl } from '../../shared/api.ts';

const STATIC_ASSETS_PATH = paths.getStaticAssets;

export interface AssetCatalog {
  index: SearchIndex<SearchAsset>;
  /** By uppercase symbol: the first asset of each symbol in rank order (a stock before an index of the same name). */
  bySymbol: ReadonlyMap<string, SearchAsset>;
}

export function catalogOf(assets: readonly SearchAsset[]): AssetCatalog {
  const index = buildSearchIndex(assets);
  const bySymbol = new Map<string, SearchAsset>();
  for (const asset of index.ranked) {
    const key = asset.symbol.toUpperCase();
    if (!bySymbol.has(key)) bySymbol.set(key, asset);
  }
  return { index, bySymbol };
}

let pending: Promise<AssetCatalog> | null = null;

/** The catalog, fetched and indexed on the first call; a failed load is retried on the next call. */
export function loadAssetCatalog(): Promise<AssetCatalog> {
  pending ??= fetch(`${apiBaseUrl()}${STATIC_ASSETS_PATH}`)
    .then(async (response) => {
      if (!response.ok) throw new Error(`The symbol list did not load (${response.status})`);
      return catalogOf(decodeStaticAssetList((await response.json()) as StaticAssetList));
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

export type CatalogState =
  | { status: 'loading' }
  | { status: 'ready'; catalog: AssetCatalog }
  | { status: 'error'; message: string; retry: () => void };

export function useAssetCatalog(): CatalogState {
  const [state, setState] = useState<CatalogState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what re-runs the load
  useEffect(() => {
    let live = true;
    loadAssetCatalog().then(
      (catalog) => live && setState({ status: 'ready', catalog }),
      (error: unknown) =>
        live &&
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'The symbol list did not load',
          retry: () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
