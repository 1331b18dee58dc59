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

/** 8-K items a trader looks for, by number. */
export const EIGHT_K_ITEMS: Readonly<Record<string, string>> = {
  '1.01': 'Material agreement',
  '1.02': 'Agreement terminated',
  '2.01': 'Acquisition or disposition',
  '2.02': 'Results of operations (earnings)',
  '2.03': 'New financial obligation',
  '2.05': 'Exit or restructuring costs',
  '2.06': 'Material impairment',
  '3.01': 'Listing notice',
  '4.01': 'Auditor change',
  '5.02': 'Officers or directors change',
  '5.03': 'Bylaws amended',
  '5.07': 'Shareholder vote',
  '7.01': 'Regulation FD disclosure',
  '8.01': 'Other events',
  '9.01': 'Financial statements and exhibits',
};
