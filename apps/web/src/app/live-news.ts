/**
 * News and files from the socket into the cached answers that list them (SPEC §7 marketNews and
 * marketDataAssetFile): a news item joins the news lists whose question it answers (its type among the asked
 * types, a symbol of it asked, the tag asked), a file joins its company's files and the feeds of its type, in date
 * order, newest first, each list keeping its length. Patched in place, never refetched; an item already held is
 * replaced (a correction), never shown twice.
 */
import type { FileMeta, NewsItem } from '@eh/contracts';
import { FILE_TYPE_FEEDS } from '@eh/domain';
import type { Action, ThunkDispatch } from '@reduxjs/toolkit';
import { type FilesByFilterArgs, feedApi } from '../features/feed/feed-api.ts';
import { type AssetFilesArgs, type AssetNewsArgs, marketApi, type TagNewsArgs } from '../shared/market/market-api.ts';
import type { RootState } from '../shared/store.ts';

type Store = { dispatch: ThunkDispatch<RootState, unknown, Action>; getState: () => RootState };
type Entry = { endpointName?: string; originalArgs?: unknown; data?: unknown };

const entries = (state: RootState): Entry[] =>
  Object.values(state.api.queries).filter((entry) => entry?.data !== undefined) as Entry[];

const csv = (value: unknown): string[] | null =>
  value === undefined || value === null
    ? null
    : (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((item) => item.trim()).filter(Boolean);

const upper = (items: readonly string[]) => items.map((item) => item.toUpperCase());

/**
 * Puts `item` into a newest-first list: in place of the one with its id, or at its date's place. The list keeps
 * the page size asked (`limit`); an item older than every one shown joins only a page known to have room.
 */
export function placeNewest<T extends { id: string | number }>(
  list: T[],
  item: T,
  dateOf: (row: T) => string,
  limit?: number,
): void {
  const held = list.findIndex((row) => row.id === item.id);
  if (held >= 0) {
    list[held] = item;
    return;
  }
  const at = list.findIndex((row) => dateOf(row) < dateOf(item));
  if (at >= 0) list.splice(at, 0, item);
  else if (limit !== undefined && list.length < limit) list.push(item);
  if (limit !== undefined && list.length > limit) list.length = limit;
}

/** The page size an answer was asked for, when the args say. */
const limitOf = (args: unknown): number | undefined => {
  const limit = (args as { limit?: unknown } | undefined)?.limit;
  return typeof limit === 'number' ? limit : undefined;
};

/** Whether a news list asked this way answers with `item`. */
export function newsAnswers(endpoint: string | undefined, args: unknown, item: NewsItem): boolean {
  const asked = (args ?? {}) as Record<string, unknown>;
  const symbols = upper(item.symbols);
  switch (endpoint) {
    case 'getNews': {
      const types = csv(asked.types);
      const wanted = csv(asked.symbols);
      // A filter group other than every item is decided by the server (market caps, the caller's own symbols).
      if (asked.filter !== undefined && asked.filter !== 'all') return false;
      return (
        (types === null || types.includes(item.newsType)) &&
        (wanted === null || upper(wanted).some((symbol) => symbols.includes(symbol)))
      );
    }
    case 'getAssetNews':
      return symbols.includes(String((asked as AssetNewsArgs).symbol).toUpperCase());
    case 'getTagNews':
      return item.tags.includes((asked as TagNewsArgs).tag);
    default:
      return false;
  }
}

/** Whether a file list asked this way answers with `file`. */
export function fileAnswers(endpoint: string | undefined, args: unknown, file: FileMeta): boolean {
  if (endpoint === 'getAssetFiles') {
    const asked = args as AssetFilesArgs;
    const types = csv(asked.types ?? asked.type);
    return asked.symbol.toUpperCase() === file.symbol.toUpperCase() && (types === null || types.includes(file.type));
  }
  if (endpoint === 'getFilesByFilter') {
    const { filter } = args as FilesByFilterArgs;
    return filter === 'latest' || filter === FILE_TYPE_FEEDS[file.type];
  }
  return false;
}

const NEWS_ENDPOINTS = ['getNews', 'getAssetNews', 'getTagNews'] as const;

export function applyNews(store: Store, item: NewsItem): void {
  for (const entry of entries(store.getState())) {
    const name = entry.endpointName;
    if (!NEWS_ENDPOINTS.includes(name as (typeof NEWS_ENDPOINTS)[number])) continue;
    if (!newsAnswers(name, entry.originalArgs, item)) continue;
    store.dispatch(
      marketApi.util.updateQueryData(
        name as 'getNews',
        entry.originalArgs as never,
        (draft) => void placeNewest(draft.news, item, (row) => row.createdDate, limitOf(entry.originalArgs)),
      ),
    );
  }
}

export function applyFile(store: Store, file: FileMeta): void {
  for (const entry of entries(store.getState())) {
    if (!fileAnswers(entry.endpointName, entry.originalArgs, file)) continue;
    if (entry.endpointName === 'getAssetFiles')
      store.dispatch(
        marketApi.util.updateQueryData(
          'getAssetFiles',
          entry.originalArgs as AssetFilesArgs,
          (draft) => void placeNewest(draft.files, file, (row) => row.date, limitOf(entry.originalArgs)),
        ),
      );
    else
      store.dispatch(
        feedApi.util.updateQueryData(
          'getFilesByFilter',
          entry.originalArgs as FilesByFilterArgs,
          (draft) => void placeNewest(draft.files, file, (row) => row.date, limitOf(entry.originalArgs)),
        ),
      );
  }
}
