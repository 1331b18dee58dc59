/**
 * Who may use the calendar's own-list choices: the custom filter ("My list", the stockFilter premium feature) and
 * the "My Stocks overview" toggle (any signed-in reader), and the symbol sets they filter with.
 */
import { canUse, type SymbolFilter } from '@eh/domain';
import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { CalendarToggles } from '../../shared/preferences.ts';
import { planFor } from '../../shared/upgrade-prompt.tsx';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { LISTS_ARGS, useGetListsQuery } from '../lists/index.ts';
import { useGetEarningsFilterSymbolsQuery } from './calendar-api.ts';
import { heldSymbols, symbolSet } from './calendar-model.ts';

export interface CalendarAccess {
  signedIn: boolean;
  /** The custom filter may be used: signed in (or not known yet) on a plan with the stock filter (or not loaded). */
  customFilter: boolean;
  /**
   * Asks for what a choice needs (the sign-in dialog, or the upgrade prompt for the custom filter on a free plan);
   * true when the choice can be made now.
   */
  request: (choice: 'customFilter' | 'myStocksOverview') => boolean;
}

export function useCalendarAccess(): CalendarAccess {
  const dispatch = useAppDispatch();
  const status = useAppSelectorInTransition((state) => state.auth.status);
  const signedIn = status === 'signedIn';
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const paid = me ? canUse(me.accountFeatures, 'stockFilter') : true;
  const customFilter = status !== 'signedOut' && paid;
  const request = useCallback(
    (choice: 'customFilter' | 'myStocksOverview') => {
      if (!signedIn) {
        dispatch(modalOpened({ kind: 'signIn' }));
        return false;
      }
      if (choice === 'customFilter' && !paid) {
        dispatch(modalOpened({ kind: 'upgrade', props: { feature: 'stockFilter', plan: planFor('stockFilter') } }));
        return false;
      }
      return true;
    },
    [dispatch, signedIn, paid],
  );
  return useMemo(() => ({ signedIn, customFilter, request }), [signedIn, customFilter, request]);
}

export interface FilterSets {
  popular: ReadonlySet<string> | null;
  custom: ReadonlySet<string> | null;
  /** "My Stocks overview": the symbols of the reader's lists; null when off, signed out or the lists hold nothing. */
  only: ReadonlySet<string> | null;
  /** A set the calendar filters with has not arrived yet. */
  loading: boolean;
}

/**
 * The symbol sets a filter and the My Stocks overview toggle need, fetched only when chosen and allowed (a custom
 * filter the reader may not use keeps nothing: its notice says why).
 */
export function useFilterSets(filter: SymbolFilter, toggles: CalendarToggles, access: CalendarAccess): FilterSets {
  const popular = useGetEarningsFilterSymbolsQuery({ filter: 'popular' }, { skip: filter !== 'popular' });
  const useCustom = filter === 'earningshub_custom' && access.signedIn && access.customFilter;
  const custom = useGetEarningsFilterSymbolsQuery({ filter: 'earningshub_custom' }, { skip: !useCustom });
  const overview = access.signedIn && toggles.myStocksOverview;
  const lists = useGetListsQuery(LISTS_ARGS, { skip: !overview });
  const popularSet = useMemo(() => symbolSet(popular.data?.symbols), [popular.data]);
  const customSet = useMemo(() => symbolSet(custom.data?.symbols), [custom.data]);
  // Lists holding nothing leave the whole calendar rather than an empty one.
  const only = useMemo(() => {
    const held = overview && lists.data ? heldSymbols(lists.data.lists) : [];
    return held.length > 0 ? symbolSet(held) : null;
  }, [overview, lists.data]);
  const loading =
    (filter === 'popular' && popular.isLoading) || (useCustom && custom.isLoading) || (overview && lists.isLoading);
  return useMemo(
    () => ({ popular: popularSet, custom: customSet, only, loading }),
    [popularSet, customSet, only, loading],
  );
}
