import {
  CALL_SEARCH_LIMITS,
  CALL_SEARCH_SORTS,
  CALL_SEARCH_SOURCES,
  CALL_SECTIONS,
  CALL_SPEAKER_ROLES,
  FISCAL_PERIODS,
  SYMBOL_FILTER_MIN_MARKET_CAP,
} from '@eh/domain';
import { z } from 'zod';
import { csvParam, IsoDateString, SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

const TAGS = ['transcripts'];

/** Symbols one search may be narrowed to. */
export const CALL_SEARCH_MAX_SYMBOLS = 50;
/** Searches one user may save. */
export const SAVED_CALL_SEARCHES_MAX = 25;
/** The message of a search narrowed to a list without a session. */
export const CALL_SEARCH_LIST_SIGN_IN_MESSAGE = 'Sign in to search the calls of your lists.';

export const CALL_SEARCH_CAP_GROUPS = Object.keys(SYMBOL_FILTER_MIN_MARKET_CAP) as [
  keyof typeof SYMBOL_FILTER_MIN_MARKET_CAP,
  ...(keyof typeof SYMBOL_FILTER_MIN_MARKET_CAP)[],
];

/** The filters of a search, in the URL of the page and stored with a saved search. */
export const CallSearchFilters = z.object({
  symbols: csvParam(SymbolString, CALL_SEARCH_MAX_SYMBOLS).optional(),
  listId: z.uuid().optional(),
  sector: SafeString.trim().min(1).max(60).optional(),
  cap: z.enum(CALL_SEARCH_CAP_GROUPS).optional(),
  from: IsoDateString.optional(),
  to: IsoDateString.optional(),
  periodYear: z.coerce.number().int().min(1990).max(2100).optional(),
  period: z.enum(FISCAL_PERIODS).optional(),
  section: z.enum(CALL_SECTIONS).optional(),
  role: z.enum(CALL_SPEAKER_ROLES).optional(),
  /** What to look in (comma-separated in a URL); none is transcripts only. */
  sources: csvParam(
    z.enum(CALL_SEARCH_SOURCES, { error: `must each be one of ${CALL_SEARCH_SOURCES.join(', ')}` }),
    CALL_SEARCH_SOURCES.length,
  ).optional(),
});
export type CallSearchFilters = z.output<typeof CallSearchFilters>;

const QueryText = SafeString.max(
  CALL_SEARCH_LIMITS.maxLength,
  `must be at most ${CALL_SEARCH_LIMITS.maxLength} characters`,
);

export const CallSnippet = z.object({
  seq: z.number().int(),
  section: z.number().int(),
  paragraph: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  /** Who spoke it; for another source, what the passage is (a headline, a summary's highlight, a filing's form). */
  speaker: z.string(),
  /** Null outside a call's transcript. */
  role: z.enum(CALL_SPEAKER_ROLES).nullable(),
  part: z.enum(CALL_SECTIONS).nullable(),
  parts: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});
export type CallSnippet = z.infer<typeof CallSnippet>;

export const CallHit = z.object({
  /** The document's id: a transcript's file id, `live:<event>`, `summary:<file>`, `news:<id>`, `filing:<id>`. */
  callId: z.string(),
  source: z.enum(CALL_SEARCH_SOURCES),
  /** The transcript (of a call or of the call an AI summary summarises). */
  fileId: z.string().nullable(),
  eventId: z.number().int().nullable(),
  newsId: z.number().int().nullable(),
  /** A news article's slug (its page's address). */
  slug: z.string().nullable(),
  filingId: z.number().int().nullable(),
  /** A news article's headline, a filing's form and kind; null for a call. */
  title: z.string().nullable(),
  /** Where the original is on the web: the vendor's article, the filing on EDGAR. */
  url: z.string().nullable(),
  live: z.boolean(),
  /** The company; null for a news article about none (the economy, the market). */
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  date: z.iso.datetime(),
  periodYear: z.number().int().nullable(),
  period: z.string().nullable(),
  /** Passages of the call that match. */
  mentions: z.number().int(),
  /** The company the query names (its symbol or name): its calls come first. */
  named: z.boolean(),
  snippets: z.array(CallSnippet),
});
export type CallHit = z.infer<typeof CallHit>;

export const searchCalls = defineRoute({
  method: 'GET',
  path: paths.searchCalls,
  group: 'public',
  summary:
    'Search inside every call transcript (and, with `sources`, the calls’ AI summaries, news articles and SEC filings): words, "phrases", -excluded, OR; ranked per call or document (ts_rank_cd) or by date, with highlighted snippets and the mentions in each; paged by cursor',
  tags: TAGS,
  query: CallSearchFilters.extend({
    q: QueryText,
    sort: z.enum(CALL_SEARCH_SORTS).default('relevance'),
    cursor: SafeString.max(400).optional(),
  }),
  response: z.object({
    /** The query as it was read (lexemes and operators), or null when it looks for nothing. */
    query: z.string().nullable(),
    /** Calls that match in all. */
    total: z.number().int(),
    calls: z.array(CallHit),
    nextCursor: z.string().nullable(),
  }),
});

export const getCallMentionTrends = defineRoute({
  method: 'GET',
  path: paths.getCallMentionTrends,
  group: 'public',
  summary:
    'Mentions of a query per fiscal quarter (passages and calls), and the companies that mention it most this season',
  tags: TAGS,
  query: CallSearchFilters.extend({ q: QueryText }),
  response: z.object({
    query: z.string().nullable(),
    quarters: z.array(
      z.object({
        periodYear: z.number().int(),
        period: z.string(),
        mentions: z.number().int(),
        calls: z.number().int(),
      }),
    ),
    companies: z.array(
      z.object({
        symbol: z.string(),
        name: z.string(),
        /** Matching passages this season. */
        mentions: z.number().int(),
        /** Its matching passages in each of `quarters`, in the same order (the company's own trend). */
        quarters: z.array(z.number().int()),
      }),
    ),
  }),
});

export const SavedCallSearch = z.object({
  id: z.uuid(),
  query: z.string(),
  filters: CallSearchFilters,
  createdAt: z.iso.datetime(),
});
export type SavedCallSearch = z.infer<typeof SavedCallSearch>;

export const getSavedCallSearches = defineRoute({
  method: 'GET',
  path: paths.getSavedCallSearches,
  group: 'portfolios',
  summary: "The caller's saved call searches (keyword alerts)",
  tags: TAGS,
  response: z.object({ searches: z.array(SavedCallSearch) }),
});

export const addSavedCallSearch = defineRoute({
  method: 'POST',
  path: paths.addSavedCallSearch,
  group: 'portfolios',
  summary: 'Save a call search: a newly stored or live transcript that matches it alerts once per call',
  tags: TAGS,
  status: 201,
  body: z.strictObject({
    query: QueryText.trim().min(1, 'is required'),
    filters: CallSearchFilters.strict().default({}),
  }),
  response: SavedCallSearch,
});

export const deleteSavedCallSearch = defineRoute({
  method: 'DELETE',
  path: paths.deleteSavedCallSearch,
  group: 'portfolios',
  summary: 'Delete a saved call search',
  tags: TAGS,
  params: z.object({ id: z.uuid() }),
  response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
});
