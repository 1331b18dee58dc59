import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../shared/store.ts';

/**
 * SPEC §3 "update-available" (a new build is installed and waits for a reload) and whether the browser offers to
 * install the app. Injected into the store when the service worker starts (pwa-start.ts), so none of it is in the
 * first load's code; until then both read false.
 */
export interface PwaState {
  updateAvailable: boolean;
  installAvailable: boolean;
}

const initialState: PwaState = { updateAvailable: false, installAvailable: false };

const slice = createSlice({
  name: 'pwa',
  initialState,
  reducers: {
    updateAvailableChanged(state, action: { payload: boolean }) {
      state.updateAvailable = action.payload;
    },
    installAvailableChanged(state, action: { payload: boolean }) {
      state.installAvailable = action.payload;
    },
  },
  selectors: {
    selectUpdateAvailable: (state) => state.updateAvailable,
    selectInstallAvailable: (state) => state.installAvailable,
  },
});

type WithPwa = { pwa?: PwaState };

export const pwaSlice = slice.injectInto(rootReducer);
export const { updateAvailableChanged, installAvailableChanged } = pwaSlice.actions;
/** Any store state: the slice reads its initial state until injected. */
export const selectUpdateAvailable = (state: object) => pwaSlice.selectors.selectUpdateAvailable(state as WithPwa);
export const selectInstallAvailable = (state: object) => pwaSlice.selectors.selectInstallAvailable(state as WithPwa);
