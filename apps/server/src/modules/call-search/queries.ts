import { type Database, rowsOf } from '@eh/db';
import {
  type CallSearchSource,
  SNIPPET_START,
  SNIPPET_STOP,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  searchSourcesOf,
} from '@eh/domain';
import { type SQL, sql } from 'drizzle-orm';

const p = sql.param;

/** What narrows a search, resolved: symbols from the query's filter and the user's list. */
export interface PassageFilters {
  symbols?: readonly string[];
  sector?: string;
  cap?: keyof typeof SYMBOL_FILTER_MIN_MARKET_CAP;
  from?: string;
  to?: string;
  periodYear?: number;
  period?: string;
  section?: string;
  role?: string;
  /** What to look in; none is transcripts only. */
  sources?: readonly CallSearchSource[];
  callIds?: readonly string[];
}

function whereOf(filters: PassageFilters): SQL {
  const sources = searchSourcesOf(filters.sources);
  const parts: SQL[] = [sql`p.source = any(${p(sources)}::text[])`];
  if (filters.symbols) {
    const symbols = p([...filters.symbols]);
    // A news article may be about several companies: any of them is the one asked for.
    parts.push(
      sources.includes('news')
        ? sql`(p.symbol = any(${symbols}::text[]) or (p.news_id is not null and exists (select 1 from news n where n.id = p.news_id and n.symbols && ${symbols}::text[])))`
        : sql`p.symbol = any(${symbols}::text[])`,
    );
  }
  if (filters.callIds) parts.push(sql`p.call_id = any(${p([...filters.callIds])}::text[])`);
  if (filters.sector !== undefined || filters.cap !== undefined) {
    const asset: SQL[] = [sql`a.id = p.asset_id`];
    if (filters.sector !== undefined) asset.push(sql`a.sector = ${filters.sector}`);
    if (filters.cap !== undefined) asset.push(sql`a.market_cap >= ${SYMBOL_FILTER_MIN_MARKET_CAP[filters.cap]}`);
    parts.push(sql`exists (select 1 from assets a where ${sql.join(asset, sql` and `)})`);
  }
  if (filters.from !== undefined) parts.push(sql`p.date >= ${filters.from}::date`);
  if (filters.to !== undefined) parts.push(sql`p.date < ${filters.to}::date + 1`);
  if (filters.periodYear !== undefined) parts.push(sql`p.period_year = ${filters.periodYear}`);
  if (filters.period !== undefined) parts.push(sql`p.period = ${filters.period}`);
  if (filters.section !== undefined) parts.push(sql`p.part = ${filters.section}`);
  if (filters.role !== undefined) parts.push(sql`p.role = ${filters.role}`);
  return sql` and ${sql.join(parts, sql` and `)}`;
}

/** The query: `to_tsquery` of text made of letters, digits and operators only (domain `toTsQueryText`). */
const tsQuery = (text: string) => sql`to_tsquery('english'::regconfig, ${text})`;

/** A named company's calls rank above every other call (a call's own score never reaches it). */
const NAMED_BOOST = 1000;

export interface CallRow {
  callId: string;
  source: CallSearchSource;
  fileId: string | null;
  eventId: number | null;
  newsId: number | null;
  filingId: number | null;
  assetId: number | null;
  symbol: string | null;
  name: string | null;
  /** A news article's headline and slug, or a filing's form and kind. */
  newsTitle: string | null;
  slug: string | null;
  form: string | null;
  kind: string | null;
  /** The news article's or the filing's address elsewhere. */
  url: string | null;
  date: string;
  periodYear: number | null;
  period: string | null;
  mentions: number;
  score: number;
  total: number;
}

export type CallCursor =
  | { sort: 'relevance'; score: number; callId: string }
  | { sort: 'date'; date: string; callId: string };

/**
 * Calls with a matching passage, one row each: relevance is the best passage's `ts_rank_cd` (normalised to 0..1)
 * times the log of the call's matching passages, plus a boost for the companies the query names; date is newest
 * first. Keyset paged after the cursor; `total` counts every matching call.
 */
export async function searchCalls(
  db: Database,
  params: {
    tsquery: string;
    filters: PassageFilters;
    named: readonly number[];
    sort: 'relevance' | 'date';
    after: CallCursor | null;
    limit: number;
  },
): Promise<CallRow[]> {
  const after = params.after;
  const keyset =
    after === null
      ? sql``
      : after.sort === 'relevance'
        ? sql`where (c.score, c.call_id) < (${after.score}::float8, ${after.callId})`
        : sql`where (c.date, c.call_id) < (${after.date}::timestamptz, ${after.callId})`;
  const order = params.sort === 'relevance' ? sql`c.score desc, c.call_id desc` : sql`c.date desc, c.call_id desc`;
  const result = await db.execute(sql`
    with q as materialized (select ${tsQuery(params.tsquery)} as q),
    m as (
      select p.call_id, p.source, p.file_id, p.event_id, p.news_id, p.filing_id, p.asset_id, p.symbol, p.date,
        p.period_year, p.period, ts_rank_cd(p.tsv, q.q, 32) as r
      from call_passages p cross join q
      where p.tsv @@ q.q ${whereOf(params.filters)}
    ),
    c as (
      select call_id, min(source) as source, min(file_id) as file_id, min(event_id) as event_id,
        min(news_id) as news_id, min(filing_id) as filing_id, min(asset_id) as asset_id,
        min(symbol) as symbol, max(date) as date, min(period_year) as period_year, min(period) as period,
        count(*)::int as mentions,
        (max(r) * ln(2 + count(*)) + case when min(asset_id) = any(${p([...params.named])}::int4[]) then ${NAMED_BOOST} else 0 end)::float8 as score
      from m group by call_id
    ),
    page as (
      select c.*, (select count(*) from c)::int as total from c
      ${keyset}
      order by ${order}
      limit ${params.limit}
    )
    select c.call_id as "callId", c.source, c.file_id as "fileId", c.event_id as "eventId", c.news_id as "newsId",
      c.filing_id as "filingId", c.asset_id as "assetId", c.symbol, a.name, n.title as "newsTitle", n.slug,
      f.form, f.kind, coalesce(n.url, f.url) as url, c.date, c.period_year as "periodYear", c.period, c.mentions,
      c.score, c.total
    from page c
    left join assets a on a.id = c.asset_id
    left join news n on n.id = c.news_id
    left join sec_filings f on f.id = c.filing_id
    order by ${order}`);
  return rowsOf<CallRow & { date: string | Date }>(result).map((row) => ({
    ...row,
    date: new Date(row.date).toISOString(),
  }));
}

export interface SnippetRow {
  callId: string;
  seq: number;
  section: number;
  paragraph: number;
  start: number;
  end: number;
  speaker: string;
  role: string | null;
  part: string | null;
  marked: string;
}

/** `ts_headline` marks the matched words between the snippet markers (one fragment, a sentence or two). */
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=40, MinWords=18, MaxFragments=1, HighlightAll=false`;

/**
 * The best passages of the page's calls, highlighted: `ts_headline` reparses a passage's text, so it runs only on
 * the few passages shown (at most `perCall` for each call of one page), never on every match.
 */
export async function snippetsOf(
  db: Database,
  params: { tsquery: string; callIds: readonly string[]; filters: PassageFilters; perCall: number },
): Promise<SnippetRow[]> {
  if (params.callIds.length === 0) return [];
  const result = await db.execute(sql`
    with q as materialized (select ${tsQuery(params.tsquery)} as q),
    best as (
      select p.call_id, p.seq, p.section, p.paragraph, p.start, p."end", p.speaker, p.role, p.part, p.text,
        row_number() over (partition by p.call_id order by ts_rank_cd(p.tsv, q.q, 32) desc, p.seq) as n
      from call_passages p cross join q
      where p.tsv @@ q.q ${whereOf({ ...params.filters, callIds: params.callIds })}
    )
    select b.call_id as "callId", b.seq, b.section, b.paragraph, b.start, b."end", b.speaker, b.role, b.part,
      ts_headline('english'::regconfig, b.text, q.q, ${HEADLINE_OPTIONS}) as marked
    from best b cross join q
    where b.n <= ${params.perCall}
    order by b.call_id, b.n`);
  return rowsOf<SnippetRow>(result);
}

/** Companies with indexed calls whose symbol is one of these, or whose name starts with one of these words. */
export async function namedCompanies(
  db: Database,
  params: { symbols: readonly string[]; nameWords: readonly string[] },
): Promise<{ id: number; symbol: string; bySymbol: boolean }[]> {
  if (params.symbols.length === 0 && params.nameWords.length === 0) return [];
  const result = await db.execute(sql`
    select a.id, a.symbol, a.symbol = any(${p([...params.symbols])}::text[]) as "bySymbol"
    from assets a
    where a.type = 'stock'
      and (a.symbol = any(${p([...params.symbols])}::text[])
        or lower(split_part(a.name, ' ', 1)) = any(${p([...params.nameWords])}::text[]))
      and exists (select 1 from call_passages cp where cp.asset_id = a.id)`);
  return rowsOf<{ id: number; symbol: string; bySymbol: boolean }>(result);
}

export interface QuarterMentions {
  periodYear: number;
  period: string;
  mentions: number;
  calls: number;
}

/** Matching passages and calls per fiscal quarter, the latest `quarters` of them, oldest first. */
export async function mentionsPerQuarter(
  db: Database,
  params: { tsquery: string; filters: PassageFilters; quarters: number },
): Promise<QuarterMentions[]> {
  const result = await db.execute(sql`
    with q as materialized (select ${tsQuery(params.tsquery)} as q)
    select p.period_year::int as "periodYear", p.period, count(*)::int as mentions,
      count(distinct p.call_id)::int as calls
    from call_passages p cross join q
    where p.tsv @@ q.q and p.period_year is not null and p.period is not null ${whereOf(params.filters)}
    group by p.period_year, p.period
    order by p.period_year desc, p.period desc
    limit ${params.quarters}`);
  return rowsOf<QuarterMentions>(result).reverse();
}

/** The companies with the most matching passages in calls since `since`. */
export async function topMentioners(
  db: Database,
  params: { tsquery: string; filters: PassageFilters; since: string; limit: number },
): Promise<{ assetId: number; symbol: string; name: string; mentions: number }[]> {
  const result = await db.execute(sql`
    with q as materialized (select ${tsQuery(params.tsquery)} as q),
    m as (
      select p.asset_id, count(*)::int as mentions
      from call_passages p cross join q
      where p.tsv @@ q.q and p.date >= ${params.since}::timestamptz ${whereOf(params.filters)}
      group by p.asset_id
    )
    select a.id as "assetId", a.symbol, a.name, m.mentions from m join assets a on a.id = m.asset_id
    order by m.mentions desc, a.symbol
    limit ${params.limit}`);
  return rowsOf<{ assetId: number; symbol: string; name: string; mentions: number }>(result);
}

/** Each company's matching passages in each of `quarters` (the trend's own), in that order: a chart per company. */
export async function companyMentionsPerQuarter(
  db: Database,
  params: {
    tsquery: string;
    filters: PassageFilters;
    assetIds: readonly number[];
    quarters: readonly QuarterMentions[];
  },
): Promise<Map<number, number[]>> {
  const series = new Map(params.assetIds.map((id) => [id, params.quarters.map(() => 0)]));
  if (params.assetIds.length === 0 || params.quarters.length === 0) return series;
  const result = await db.execute(sql`
    with q as materialized (select ${tsQuery(params.tsquery)} as q)
    select p.asset_id as "assetId", p.period_year::int as "periodYear", p.period, count(*)::int as mentions
    from call_passages p cross join q
    where p.tsv @@ q.q and p.asset_id = any(${p([...params.assetIds])}::int[])
      and (p.period_year, p.period) in (
        select * from unnest(${p(params.quarters.map((x) => x.periodYear))}::int[], ${p(params.quarters.map((x) => x.period))}::text[]))
      ${whereOf(params.filters)}
    group by p.asset_id, p.period_year, p.period`);
  const index = new Map(params.quarters.map((x, i) => [`${x.periodYear} ${x.period}`, i]));
  for (const row of rowsOf<{ assetId: number; periodYear: number; period: string; mentions: number }>(result)) {
    const at = index.get(`${row.periodYear} ${row.period}`);
    const counts = series.get(row.assetId);
    if (at !== undefined && counts) counts[at] = row.mentions;
  }
  return series;
}

/** Whether any passage of the call matches (a saved search tried on a newly indexed call). */
export async function callMatches(
  db: Database,
  params: { tsquery: string; callId: string; filters: PassageFilters },
): Promise<SnippetRow | null> {
  const rows = await snippetsOf(db, { ...params, callIds: [params.callId], perCall: 1 });
  return rows[0] ?? null;
}

export interface CallIdentity {
  source: CallSearchSource;
  fileId: string | null;
  eventId: number | null;
  newsId: number | null;
  slug: string | null;
  newsTitle: string | null;
  form: string | null;
  url: string | null;
  symbol: string | null;
  periodYear: number | null;
  period: string | null;
}

/** A call's (or another document's) identity as an alert links to it. */
export async function callOf(db: Database, params: { callId: string }): Promise<CallIdentity | null> {
  const result = await db.execute(sql`
    select p.source, p.file_id as "fileId", p.event_id as "eventId", p.news_id as "newsId", n.slug,
      n.title as "newsTitle", f.form, coalesce(n.url, f.url) as url, p.symbol, p.period_year as "periodYear", p.period
    from call_passages p
    left join news n on n.id = p.news_id
    left join sec_filings f on f.id = p.filing_id
    where p.call_id = ${params.callId} order by p.seq limit 1`);
  return rowsOf<CallIdentity>(result)[0] ?? null;
}
