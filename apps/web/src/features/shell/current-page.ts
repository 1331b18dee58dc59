import { useMatches } from 'react-router';
import { PAGE_DEFS, type PageDef } from '../../shared/page-content.ts';

export interface PageHandle {
  pageId: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).pageId === 'string';
}

/** The page definition of the deepest matched route. */
export function useCurrentPage(): PageDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return PAGE_DEFS.find((page) => page.id === handle.pageId);
  }
  return undefined;
}
