/**
 * The first screen in the HTML: each page goes out with its own title and description (what search engines read)
 * and its heading painted with the boot shell, before any script has run. The words and their markup come from
 * the web app (apps/web/src/app/page-head.ts, pure TypeScript loaded as it is). A page about one thing (a symbol,
 * an article, a transcript) looks it up: its status says whether it exists, and a symbol's asset fills the head.
 */
import { FISCAL_PERIODS, type FiscalPeriod } from '@eh/domain';
import type { AppContext } from '../kernel/context.ts';
import { fileById, quarterHasFiles } from '../modules/files/index.ts';
import { newsItemExists } from '../modules/news/index.ts';
import { findAssetSummary } from '../modules/quotes/index.ts';

interface HeadAsset {
  symbol: string;
  name: string;
  type: string;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
}
interface PageHead {
  kind: string;
  title: string;
  description: string;
}
type PageSubject =
  | { kind: 'symbol'; symbol: string }
  | { kind: 'news'; id: number }
  | { kind: 'file'; id: string }
  | { kind: 'quarter'; symbol: string; periodYear: number; period: string };
interface PageHeadModule {
  pageSubject(pathname: string): PageSubject | null;
  pageHead(pathname: string, now: Date, asset?: HeadAsset | null): PageHead | null;
  pageHeadHtml(head: PageHead): string;
  pageStatus(pathname: string, now: Date): 200 | 404;
}

/** A specifier held in a variable: the server's type check stays out of the web app's (DOM) modules. */
const WEB_PAGE_HEAD = '@eh/web/page-head';

/** The web app's page heads, or null where the web package is not installed beside the server. */
export async function loadPageHeads(): Promise<PageHeadModule | null> {
  try {
    return (await import(WEB_PAGE_HEAD)) as PageHeadModule;
  } catch {
    return null;
  }
}

const BOOT_BAR = /<div class="boot-bar"[\s\S]*?<\/div>/;
const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the server found for a page: its status, and the asset a symbol page's head names. */
export interface PageLookup {
  status: 200 | 404;
  asset: HeadAsset | null;
}

const isFiscalPeriod = (period: string): period is FiscalPeriod =>
  (FISCAL_PERIODS as readonly string[]).includes(period);

/**
 * A page the router has, as the app will draw it: 404 where it is about a symbol, article or transcript the market
 * does not hold (the app draws its not-found page). One indexed lookup at most, whose asset also fills a symbol
 * page's head.
 */
export async function lookUpPage(ctx: AppContext, heads: PageHeadModule, pathname: string): Promise<PageLookup> {
  const subject = heads.pageSubject(pathname);
  const found = (exists: boolean): PageLookup => ({ status: exists ? 200 : 404, asset: null });
  switch (subject?.kind) {
    case undefined:
      return found(true);
    case 'symbol': {
      const asset = await findAssetSummary(ctx, subject.symbol);
      return asset ? { status: 200, asset: { ...asset, symbol: subject.symbol } } : found(false);
    }
    case 'news':
      return found(await newsItemExists(ctx.db, { id: subject.id }));
    case 'file':
      return found(Boolean(await fileById(ctx.db, { id: subject.id })));
    case 'quarter': {
      const { symbol, periodYear, period } = subject;
      return found(isFiscalPeriod(period) && (await quarterHasFiles(ctx.db, { symbol, periodYear, period })));
    }
  }
}

/**
 * How long a node remembers a page's lookup. The head is a head start: the app reads everything the page shows
 * itself, so a name a minute old costs nothing, while a page asked for again (a popular symbol) goes out without
 * waiting for the database, which the history fill or ingestion may be holding.
 */
export const PAGE_LOOKUP_TTL_MS = 60_000;
/** Past this many pages remembered, the oldest goes first. */
export const PAGE_LOOKUP_MAX_ENTRIES = 2_000;
/** A longer address (an article's made-up slug) is looked up each time: memory stays bounded by entries this long. */
export const PAGE_LOOKUP_MAX_PATH = 256;

/** `lookUp` ({@link lookUpPage}) remembered per address for {@link PAGE_LOOKUP_TTL_MS}; a failure is not kept. */
export function rememberedPageLookups(
  lookUp: (pathname: string) => Promise<PageLookup>,
  now: () => number = Date.now,
): (pathname: string) => Promise<PageLookup> {
  const remembered = new Map<string, { until: number; lookup: Promise<PageLookup> }>();
  return (pathname) => {
    if (pathname.length > PAGE_LOOKUP_MAX_PATH) return lookUp(pathname);
    const known = remembered.get(pathname);
    if (known && known.until > now()) return known.lookup;
    remembered.delete(pathname);
    const lookup = lookUp(pathname);
    const entry = { until: now() + PAGE_LOOKUP_TTL_MS, lookup };
    remembered.set(pathname, entry);
    lookup.catch(() => {
      if (remembered.get(pathname) === entry) remembered.delete(pathname);
    });
    for (const key of remembered.keys()) {
      if (remembered.size <= PAGE_LOOKUP_MAX_ENTRIES) break;
      remembered.delete(key);
    }
    return lookup;
  };
}

/** index.html with the page's title, description and head filled in; unchanged for pages without one. */
export function withPageHead(
  ctx: AppContext,
  heads: PageHeadModule,
  html: string,
  pathname: string,
  asset: HeadAsset | null,
): string {
  const head = heads.pageHead(pathname, new Date(), asset);
  if (!head) return html;
  const title = escapeAttribute(`${head.title} · ${ctx.config.APP_NAME}`);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, open: string, close: string) => `${open}${escapeAttribute(head.description)}${close}`,
    )
    .replace(BOOT_BAR, (bar) => `${bar}${heads.pageHeadHtml(head)}`);
}
