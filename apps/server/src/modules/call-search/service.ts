import { createHash } from 'node:crypto';
import {
  CALL_SEARCH_LIST_SIGN_IN_MESSAGE,
  type CallHit,
  type CallSearchFilters,
  ErrorCode,
  SAVED_CALL_SEARCHES_MAX,
  type SavedCallSearch,
} from '@eh/contracts';
import type { Database } from '@eh/db';
import {
  type AccountFeatures,
  CALL_SEARCH_PAGE_SIZE,
  CALL_SEARCH_SEASON_DAYS,
  CALL_SEARCH_SNIPPETS_PER_CALL,
  CALL_SEARCH_TOP_COMPANIES,
  CALL_SEARCH_TREND_QUARTERS,
  type CallSearchQuery,
  type CallSection,
  type CallSpeakerRole,
  canUse,
  loneWords,
  parseCallSearch,
  SEC_FILING_KINDS,
  snippetParts,
  symbolCandidates,
  toTsQueryText,
  withoutWords,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { type Caller, unauthorized } from '../../kernel/http/auth.ts';
import { badField, HttpError, notFound } from '../../kernel/http/errors.ts';
import { itemsOf, ownListIds } from '../lists/index.ts';
import * as q from './queries.ts';
import * as saved from './saved-queries.ts';

type SearchQuery = CallSearchFilters & { q: string; sort: 'relevance' | 'date'; cursor?: string | undefined };

/** Words of a company's name matched against the query: shorter ones are too often ordinary words. */
const NAME_WORD_MIN = 4;

/** The parsed query, or null when it looks for nothing; a problem is a 400 naming it. */
function parsed(text: string): CallSearchQuery | null {
  const result = parseCallSearch(text);
  if (result.kind === 'problem') throw badField('q', result.problem);
  return result.kind === 'query' ? result.query : null;
}

/** The filters as the queries take them: a list becomes its symbols (the caller's own list only). */
async function resolveFilters(
  db: Database,
  filters: CallSearchFilters,
  caller: Caller | undefined,
): Promise<q.PassageFilters> {
  let symbols = filters.symbols?.map((symbol) => symbol.toUpperCase());
  if (filters.listId !== undefined) {
    if (!caller) throw unauthorized(CALL_SEARCH_LIST_SIGN_IN_MESSAGE);
    const [own] = await ownListIds(db, { userId: caller.sub, ids: [filters.listId] });
    if (!own) throw notFound('List not found');
    const listed = (await itemsOf(db, { listIds: [own] })).map((item) => item.symbol.toUpperCase());
    symbols = symbols ? symbols.filter((symbol) => listed.includes(symbol)) : listed;
  }
  return {
    symbols,
    sector: filters.sector,
    cap: filters.cap,
    from: filters.from,
    to: filters.to,
    periodYear: filters.periodYear,
    period: filters.period,
    section: filters.section,
    role: filters.role,
    sources: filters.sources,
  };
}

/** What a hit of a news article or a filing is titled: the headline, or the form and its kind ('10-K Annual Report'). */
export function hitTitle(row: { newsTitle: string | null; form: string | null; kind?: string | null }): string | null {
  if (row.newsTitle !== null) return row.newsTitle;
  if (row.form === null) return null;
  const kind = SEC_FILING_KINDS.find((known) => known.key === row.kind);
  return kind ? `${row.form} ${kind.label}` : row.form;
}

/**
 * The companies the query names: a symbol typed as one (`AAPL`, `$aapl`) is dropped from the words looked for
 * (transcripts rarely say their own ticker) unless nothing else remains; a word that starts a company's name
 * (`apple`) stays a word. Either way the company's calls rank first.
 */
async function namedIn(db: Database, text: string, query: CallSearchQuery) {
  const symbols = symbolCandidates(text);
  const nameWords = loneWords(query).filter((word) => word.length >= NAME_WORD_MIN);
  const companies = await q.namedCompanies(db, { symbols, nameWords });
  const bySymbol = new Set(companies.filter((c) => c.bySymbol).map((c) => c.symbol.toLowerCase()));
  return { ids: companies.map((c) => c.id), query: withoutWords(query, bySymbol) ?? query };
}

interface CursorBody {
  k: string;
  s?: number;
  d?: string;
  c: string;
}

const keyOf = (parts: unknown) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

function readCursor(cursor: string | undefined, key: string, sort: 'relevance' | 'date'): q.CallCursor | null {
  if (cursor === undefined || cursor === '') return null;
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw badField('cursor', 'is not a cursor of this search');
  }
  if (typeof body !== 'object' || body === null || body.k !== key || typeof body.c !== 'string')
    throw badField('cursor', 'belongs to another search (its query, filters or sort differ)');
  if (sort === 'relevance' && typeof body.s === 'number' && Number.isFinite(body.s))
    return { sort, score: body.s, callId: body.c };
  if (sort === 'date' && typeof body.d === 'string' && !Number.isNaN(Date.parse(body.d)))
    return { sort, date: body.d, callId: body.c };
  throw badField('cursor', 'is not a cursor of this search');
}

const writeCursor = (body: CursorBody) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

export async function search(
  ctx: AppContext,
  request: SearchQuery,
  caller: Caller | undefined,
): Promise<{ query: string | null; total: number; calls: CallHit[]; nextCursor: string | null }> {
  const query = parsed(request.q);
  const { cursor: _cursor, q: _q, sort, ...filterInput } = request;
  if (!query) {
    if (request.cursor) throw badField('cursor', 'belongs to another search (its query, filters or sort differ)');
    return { query: null, total: 0, calls: [], nextCursor: null };
  }
  const filters = await resolveFilters(ctx.db, filterInput, caller);
  const named = await namedIn(ctx.db, request.q, query);
  const tsquery = toTsQueryText(named.query);
  const key = keyOf([tsquery, named.ids, filterInput, sort]);
  const after = readCursor(request.cursor, key, sort);
  const rows = await q.searchCalls(ctx.db, {
    tsquery,
    filters,
    named: named.ids,
    sort,
    after,
    limit: CALL_SEARCH_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, CALL_SEARCH_PAGE_SIZE);
  const snippets = await q.snippetsOf(ctx.db, {
    tsquery,
    callIds: page.map((row) => row.callId),
    filters,
    perCall: CALL_SEARCH_SNIPPETS_PER_CALL,
  });
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > CALL_SEARCH_PAGE_SIZE && last
      ? writeCursor(
          sort === 'relevance' ? { k: key, s: last.score, c: last.callId } : { k: key, d: last.date, c: last.callId },
        )
      : null;
  const namedIds = new Set(named.ids);
  return {
    query: tsquery,
    total: rows[0]?.total ?? 0,
    calls: page.map((row) => ({
      callId: row.callId,
      source: row.source,
      fileId: row.fileId,
      eventId: row.eventId,
      newsId: row.newsId,
      slug: row.slug,
      filingId: row.filingId,
      title: hitTitle(row),
      url: row.url,
      live: row.source === 'transcript' && row.fileId === null,
      symbol: row.symbol,
      name: row.name,
      date: row.date,
      periodYear: row.periodYear,
      period: row.period,
      mentions: row.mentions,
      named: row.assetId !== null && namedIds.has(row.assetId),
      snippets: snippets.filter((snippet) => snippet.callId === row.callId).map(snippetOf),
    })),
    nextCursor,
  };
}

function snippetOf(row: q.SnippetRow) {
  return {
    seq: row.seq,
    section: row.section,
    paragraph: row.paragraph,
    start: row.start,
    end: row.end,
    speaker: row.speaker,
    role: row.role as CallSpeakerRole | null,
    part: row.part as CallSection | null,
    parts: snippetParts(row.marked),
  };
}

type TrendsQuery = CallSearchFilters & { q: string };

export async function trends(ctx: AppContext, request: TrendsQuery, caller: Caller | undefined, now = new Date()) {
  const query = parsed(request.q);
  if (!query) return { query: null, quarters: [], companies: [] };
  const { q: _q, ...filterInput } = request;
  const filters = await resolveFilters(ctx.db, filterInput, caller);
  const tsquery = toTsQueryText(query);
  const since = new Date(now.getTime() - CALL_SEARCH_SEASON_DAYS * 86_400_000).toISOString();
  const [quarters, top] = await Promise.all([
    q.mentionsPerQuarter(ctx.db, { tsquery, filters, quarters: CALL_SEARCH_TREND_QUARTERS }),
    q.topMentioners(ctx.db, { tsquery, filters, since, limit: CALL_SEARCH_TOP_COMPANIES }),
  ]);
  const series = await q.companyMentionsPerQuarter(ctx.db, {
    tsquery,
    filters,
    assetIds: top.map((company) => company.assetId),
    quarters,
  });
  const companies = top.map(({ assetId, ...company }) => ({ ...company, quarters: series.get(assetId) ?? [] }));
  return { query: tsquery, quarters, companies };
}

// ---- saved searches (keyword alerts) --------------------------------------------------------------------------

export async function savedSearches(ctx: AppContext, caller: Caller): Promise<{ searches: SavedCallSearch[] }> {
  return { searches: await saved.savedOf(ctx.db, { userId: caller.sub }) };
}

export async function saveSearch(
  ctx: AppContext,
  caller: Caller,
  body: { query: string; filters: CallSearchFilters },
  features: AccountFeatures,
): Promise<SavedCallSearch> {
  if (!canUse(features, 'keywordAlerts'))
    throw new HttpError(403, ErrorCode.forbidden, 'Keyword alerts on calls come with a paid plan.', {
      feature: 'keywordAlerts',
    });
  if (!parsed(body.query)) throw badField('query', 'must look for at least one word that is not a stop word');
  if (body.filters.listId !== undefined) await resolveFilters(ctx.db, body.filters, caller);
  const row = await saved.insertSaved(ctx.db, {
    userId: caller.sub,
    query: body.query,
    filters: body.filters,
    max: SAVED_CALL_SEARCHES_MAX,
  });
  if (!row) throw badField('query', `at most ${SAVED_CALL_SEARCHES_MAX} searches can be saved`);
  return row;
}

export async function deleteSearch(ctx: AppContext, caller: Caller, id: string) {
  const deleted = await saved.deleteSaved(ctx.db, { userId: caller.sub, id });
  if (!deleted) throw notFound('Saved search not found');
  return { id, deleted: true as const };
}
