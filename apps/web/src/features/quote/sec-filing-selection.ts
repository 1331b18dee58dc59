/**
 * The SEC filing kinds a reader chose to see (SPEC §3 client preference "SEC filing selection", all by default),
 * shared live between the filings list and the settings modal.
 */
import { SEC_FILING_KINDS, type SecFilingType } from '@eh/domain';
import { useSyncExternalStore } from 'react';
import { preferences } from '../../shared/preferences.ts';

const listeners = new Set<() => void>();
let current: readonly SecFilingType[] = preferences.get('secFilingSelection');

export function setSecFilingSelection(next: readonly SecFilingType[]) {
  // Kept in the eleven kinds' order, so the request and the settings list agree.
  current = SEC_FILING_KINDS.map((kind) => kind.key).filter((key) => next.includes(key));
  preferences.set('secFilingSelection', [...current]);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSecFilingSelection(): readonly SecFilingType[] {
  return useSyncExternalStore(subscribe, () => current);
}

/** The kind of a filing by its stored key: form, label and colour (SPEC §3). */
export function filingKind(type: string) {
  return SEC_FILING_KINDS.find((kind) => kind.key === type);
}
