import { startTransition, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { type useSelector, useStore } from 'react-redux';

/**
 * The useSelector of the RTK Query hooks, re-rendering in transitions. react-redux's useSelector subscribes
 * through useSyncExternalStore, and React renders every change it reports synchronously: each answer that landed
 * while a page loaded re-rendered its sections in one task (150–300 ms each on a phone, the bulk of the page's
 * blocking time). Here a change schedules a transition instead: React renders it in slices between which the
 * browser paints and handles input. Query data is read whole per render, so a slice never mixes two answers.
 */
export const useTransitionSelector = (<TState, TSelected>(
  selector: (state: TState) => TSelected,
  equalityFn: (a: TSelected, b: TSelected) => boolean = Object.is,
): TSelected => {
  const store = useStore<TState>();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const committed = useRef<{ value: TSelected } | null>(null);
  const selected = selector(store.getState());
  // The value committed last time when nothing changed: callers compare results by identity.
  const value = committed.current && equalityFn(committed.current.value, selected) ? committed.current.value : selected;
  const latest = useRef({ selector, equalityFn, value });
  useLayoutEffect(() => {
    latest.current = { selector, equalityFn, value };
    committed.current = { value };
  });
  useEffect(() => {
    const check = () => {
      const { selector: select, equalityFn: equal, value: shown } = latest.current;
      if (!equal(shown, select(store.getState()))) startTransition(rerender);
    };
    // A change between this render and the subscription is picked up here.
    check();
    return store.subscribe(check);
  }, [store]);
  return value;
}) as typeof useSelector;
