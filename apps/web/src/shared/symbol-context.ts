import { useOutletContext } from 'react-router';
import type { AssetInfoResponse } from './market/market-api.ts';
import { preferences } from './preferences.ts';

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
