import { CONTENT_TYPES, CUSTOM_SYMBOL_FILTER, DEFAULT_LIMITS, MAX_LIST_LIMIT, SYMBOL_FILTERS } from '@eh/domain';
import { z } from 'zod';
import { csvParam, limitParam, SymbolParams, SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/**
 * SPEC §7 News (public group). Lists are newest first and carry no body; one item carries its body, stored
 * sanitised by the ingestion writer and returned as stored.
 */

const TAGS = ['news'];

/** SPEC §3 News item (id, symbols, tags, newsType, createdDate) with what a reader needs to show it. */
export const NewsItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  author: z.string().nullable(),
  /** SPEC §3 content type. */
  newsType: z.string(),
  tags: z.array(z.string()),
  symbols: z.array(z.string()),
  /** When the item was published (SPEC's createdDate). */
  createdDate: z.iso.datetime(),
  source: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsArticle = NewsItem.extend({
  /** Sanitised HTML. */
  body: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

const NewsList = z.object({ news: z.array(NewsItem) });

/** Most symbols one news call takes. */
export const NEWS_SYMBOLS_MAX = 50;

export const getNews = defineRoute({
  method: 'GET',
  path: paths.getNews,
  group: 'public',
  summary: `Newest news, optionally for symbols, a symbol filter group and content types; ${DEFAULT_LIMITS.news} by default, ${DEFAULT_LIMITS.multiSymbolNews} when several symbols are given. The custom group (${CUSTOM_SYMBOL_FILTER}) is the caller's own symbols, those of their lists and alerts: 401 when signed out`,
  tags: TAGS,
  query: z.object({
    symbols: csvParam(SymbolString, NEWS_SYMBOLS_MAX).optional(),
    filter: z
      .enum(SYMBOL_FILTERS)
      .optional()
      .describe(
        `Only news about symbols of this group (all, popular, one_billion, ten_billion, hundred_billion; ${CUSTOM_SYMBOL_FILTER}: the symbols of your lists and alerts)`,
      ),
    types: csvParam(z.enum(CONTENT_TYPES), CONTENT_TYPES.length).optional(),
    limit: z.coerce.number().int('must be a whole number').min(1).max(MAX_LIST_LIMIT).optional(),
  }),
  response: NewsList,
});

export const getAssetNews = defineRoute({
  method: 'GET',
  path: paths.getAssetNews,
  group: 'public',
  summary: 'Newest news about one asset',
  tags: TAGS,
  params: SymbolParams,
  query: z.object({ limit: limitParam(DEFAULT_LIMITS.news) }),
  response: NewsList,
});

/** The tag of the home page's top stories (SPEC §3 client preference "news tag (default top_stories)"). */
export const TOP_STORIES_TAG = 'top_stories';

export const getTagNews = defineRoute({
  method: 'GET',
  path: paths.getTagNews,
  group: 'public',
  summary: `Newest news with a tag (${TOP_STORIES_TAG} for the top stories)`,
  tags: TAGS,
  params: z.object({ tag: SafeString.regex(/^[a-z0-9_-]{1,64}$/, 'must be a tag (a-z, 0-9, _ and -)') }),
  query: z.object({ limit: limitParam(DEFAULT_LIMITS.tagNews) }),
  response: NewsList,
});

export const getNewsItem = defineRoute({
  method: 'GET',
  path: paths.getNewsItem,
  group: 'public',
  summary: 'One news item with its body',
  tags: TAGS,
  params: z.object({ id: z.coerce.number().int('must be a news id').positive('must be a news id').max(2_147_483_647) }),
  response: NewsArticle,
});
