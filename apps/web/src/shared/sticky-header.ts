import { useMatches } from 'react-router';

export interface LayoutHandle {
  /** The page asks for the sticky-header variant of the navigation bar. */
  stickyHeader?: boolean;
  partner?: string;
}

function layoutHandle(handle: unknown): LayoutHandle {
  return typeof handle === 'object' && handle !== null ? (handle as LayoutHandle) : {};
}

/** True when the matched page asks for the sticky header. */
export function useStickyHeader(): boolean {
  return useMatches().some((match) => layoutHandle(match.handle).stickyHeader === true);
}

/** The partner brand of a partner-branded page. */
export function usePartner(): string | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const partner = layoutHandle(match.handle).partner;
    if (partner) return partner;
  }
  return undefined;
}

/** Header height by breakpoint; sticky bars below the header use it as their offset. */
export const HEADER_HEIGHT = { xs: 56, sm: 64 } as const;
