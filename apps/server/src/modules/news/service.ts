import {
  CUSTOM_FILTER_SIGN_IN_MESSAGE,
  type getNews,
  type NewsArticle,
  type NewsItem,
  type RouteContract,
} from '@eh/contracts';
import { CUSTOM_SYMBOL_FILTER, DEFAULT_LIMITS, SYMBOL_FILTER_MIN_MARKET_CAP } from '@eh/domain';
import type { z } from 'zod';
import type { AppContext } from '../../kernel/context.ts';
import { type Caller, unauthorized } from '../../kernel/http/auth.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { findAsset, symbolKeys } from '../quotes/index.ts';
import * as q from './queries.ts';

type Query<C extends RouteContract & { query: z.ZodType }> = z.output<C['query']>;
type Row = Awaited<ReturnType<typeof q.listNews>>[number];

function toItem({ publishedAt, ...row }: Row): NewsItem {
  return { ...row, createdDate: publishedAt.toISOString() };
}

function groupOf(filter: Query<typeof getNews>['filter'], caller: Caller | undefined): q.SymbolGroup | undefined {
  if (filter === undefined || filter === 'all') return undefined;
  if (filter === 'popular') return 'popular';
  if (filter === CUSTOM_SYMBOL_FILTER) {
    // The custom group is the caller's own symbols, so there is none without a session (as on the calendar).
    if (!caller) throw unauthorized(CUSTOM_FILTER_SIGN_IN_MESSAGE);
    return { userId: caller.sub };
  }
  return { minMarketCap: SYMBOL_FILTER_MIN_MARKET_CAP[filter] };
}

/**
 * SPEC §9: 50 by default; with several symbols 5 ("multi-symbol news 5"), read as the newest 5 across them, which
 * is what a watchlist's news box shows.
 */
export function defaultNewsLimit(symbols: readonly string[] | undefined): number {
  return symbols && symbols.length > 1 ? DEFAULT_LIMITS.multiSymbolNews : DEFAULT_LIMITS.news;
}

/** `caller` is the signed-in reader, if any: only the custom group needs one. */
export async function list(ctx: AppContext, caller: Caller | undefined, query: Query<typeof getNews>) {
  const symbols = query.symbols && [...new Set(query.symbols.flatMap(symbolKeys))];
  const rows = await q.listNews(ctx.db, {
    symbols,
    types: query.types,
    group: groupOf(query.filter, caller),
    limit: query.limit ?? defaultNewsLimit(query.symbols),
  });
  return { news: rows.map(toItem) };
}

export async function forAsset(ctx: AppContext, symbol: string, query: { limit: number }) {
  const asset = await findAsset(ctx.db, { symbol });
  if (!asset) throw notFound(`No asset with the symbol '${symbol}'`);
  return { news: (await q.listNews(ctx.db, { symbols: [asset.symbol], limit: query.limit })).map(toItem) };
}

export async function forTag(ctx: AppContext, tag: string, query: { limit: number }) {
  return { news: (await q.listNews(ctx.db, { tag, limit: query.limit })).map(toItem) };
}

/** The body is returned as stored: the ingestion writer sanitised it. */
export async function one(ctx: AppContext, id: number): Promise<NewsArticle> {
  const row = await q.getNewsItem(ctx.db, { id });
  if (!row) throw notFound(`No news item ${id}`);
  const { body, ...item } = row;
  return { ...toItem(item), body };
}
