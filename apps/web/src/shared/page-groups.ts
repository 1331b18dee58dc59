import { matchPath } from 'react-router';
import { PAGE_DEFS, type PageDef } from './page-content.ts';
import { PAGE_GROUP_LABELS, type PageGroup, pageTitle } from './routes.ts';

export type ListedGroup = Exclude<PageGroup, 'hidden'>;

export interface PageGroupList {
  group: ListedGroup;
  label: string;
  pages: PageDef[];
}

const ORDER: ListedGroup[] = ['markets', 'symbols', 'account', 'company', 'partners', 'developer'];

/**
 * Pages grouped for the menu and the page index. `menuOnly` keeps the pages flagged for the menu; the developer
 * group appears only with developer tools on.
 */
export function groupPages({ menuOnly, devMode }: { menuOnly: boolean; devMode: boolean }): PageGroupList[] {
  return ORDER.filter((group) => group !== 'developer' || devMode)
    .map((group) => ({
      group,
      label: PAGE_GROUP_LABELS[group],
      pages: PAGE_DEFS.filter(
        (page) => page.group === group && (!menuOnly || page.menu === true || group === 'developer'),
      ),
    }))
    .filter((entry) => entry.pages.length > 0);
}

/** The URL to link to for a page: its path, or its sample when the path has parameters. */
export function pageHref(page: PageDef): string {
  return page.sample ?? page.path;
}

/** The title a page shows at its link target (placeholders filled from the sample URL). */
export function pageLinkTitle(page: PageDef): string {
  if (!page.sample) return page.menuLabel ?? page.title;
  const params = matchPath(page.path, page.sample)?.params ?? {};
  return pageTitle(page.title, params);
}
