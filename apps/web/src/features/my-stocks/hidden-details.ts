import { useState } from 'react';
import { preferences } from '../../shared/preferences.ts';

/**
 * SPEC §3 "hidden details by list": the holding details a list can hide (shares, and every dollar amount;
 * percentages stay), stored by list id in the `hiddenDetailsByList` preference.
 */
const HOLDING_DETAILS = ['shares', 'amounts'] as const;
export const MASK = '•••';

export function useHiddenDetails(listId: string): [boolean, (hidden: boolean) => void] {
  const [byList, setByList] = useState(() => preferences.get('hiddenDetailsByList'));
  const hidden = (byList[listId]?.length ?? 0) > 0;
  const setHidden = (next: boolean) => {
    const { [listId]: _previous, ...others } = byList;
    const updated = next ? { ...others, [listId]: [...HOLDING_DETAILS] } : others;
    setByList(updated);
    preferences.set('hiddenDetailsByList', updated);
  };
  return [hidden, setHidden];
}

export function changeColor(value: number | null | undefined) {
  if (!value) return 'text.secondary';
  return value > 0 ? 'success.main' : 'error.main';
}
