import { useEffect, useRef } from 'react';
import { useOutletContext } from 'react-router';
import { useAppDispatch, useAppSelectorInTransition } from '../../app/hooks.ts';
import { preferences } from '../../app/preferences.ts';
import { type AssetInfoResponse, marketDataInvalidated } from '../market/market-api.ts';

/** What every symbol tab receives: the symbol as typed in the URL and its asset (profile and latest quote). */
export interface SymbolContext {
  symbol: string;
  asset: AssetInfoResponse;
}

/** Props of a symbol section, on a page or inside the symbol modal. */
export interface SymbolSectionProps extends SymbolContext {
  /** Inside the symbol modal: smaller headings, fewer rows. */
  compact?: boolean;
}

export function useSymbolContext(): SymbolContext {
  return useOutletContext<SymbolContext>();
}

/** The reader's time zone (SPEC §3 timezone preference: the browser's unless chosen). */
export function useTimeZone(): string {
  return preferences.get('timezone');
}

/** Refetches market answers when the visitor signs in or out: the plan decides what is gated. */
export function useRefetchOnAuthChange() {
  const dispatch = useAppDispatch();
  const status = useAppSelectorInTransition((state) => state.auth.status);
  const previous = useRef(status);
  useEffect(() => {
    // Answers fetched before a stored or ?token= session was restored are anonymous ones: refetch on sign-in
    // (also from 'unknown'), and on sign-out; an anonymous first visit (unknown → signedOut) keeps its answers.
    const changed = previous.current !== status;
    if (changed && (status === 'signedIn' || previous.current === 'signedIn')) dispatch(marketDataInvalidated());
    previous.current = status;
  }, [status, dispatch]);
}
