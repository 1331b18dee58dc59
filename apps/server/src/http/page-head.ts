/**
 * The first screen in the HTML: each page goes out with its own title and description (what search engines read)
 * and its heading painted with the boot shell, before any script has run. The words and their markup come from
 * the web app (apps/web/src/app/page-head.ts, pure TypeScript loaded as it is); symbol pages look their asset up.
 */
import type { AppContext } from '../context.ts';
import { findAssetSummary } from '../modules/market/service.ts';

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
interface PageHeadModule {
  symbolOfPath(pathname: string): string | null;
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

/** index.html with the page's title, description and head filled in; unchanged for pages without one. */
export async function withPageHead(
  ctx: AppContext,
  heads: PageHeadModule,
  html: string,
  pathname: string,
): Promise<string> {
  const symbol = heads.symbolOfPath(pathname);
  const asset = symbol ? await findAssetSummary(ctx, symbol) : undefined;
  const head = heads.pageHead(pathname, new Date(), symbol && asset ? { ...asset, symbol } : null);
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
