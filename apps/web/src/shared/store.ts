import {
  combineSlices,
  type Dispatch,
  type EnhancedStore,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api } from './api.ts';
import { authSlice } from './auth-slice.ts';
import { modalsSlice } from './modals/modals-slice.ts';
import { releaseNotesSlice } from './release-notes-slice.ts';
import { toastsSlice } from './toasts/toasts-slice.ts';
import { uiSlice } from './ui-slice.ts';

/**
 * The slices every page has from the start. Features whose state loads with their code inject their slice
 * (`slice.injectInto(rootReducer)`); the store itself is built in app/store.ts, the composition root.
 */
export const rootReducer = combineSlices(api, uiSlice, modalsSlice, toastsSlice, releaseNotesSlice, authSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** The store's dispatch: plain actions and thunks (app/store.ts checks its store against these types). */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> & Dispatch<UnknownAction>;
export type AppStore = Omit<EnhancedStore<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };
