import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';
import { useTransitionSelector } from './transition-selector.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * useAppSelector for state that changes on its own rather than in answer to a tap, such as the session found at
 * start: its re-renders are transitions (transition-selector.ts), not one blocking task for every component that
 * reads it. Modals, menus and the theme keep useAppSelector, so a tap shows its result at once.
 */
export const useAppSelectorInTransition: <T>(selector: (state: RootState) => T) => T = useTransitionSelector;
