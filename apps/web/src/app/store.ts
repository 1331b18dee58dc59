import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authSlice, signedIn, signedOut } from '../features/auth/auth-slice.ts';
import { modalsSlice } from '../features/modals/modals-slice.ts';
import { releaseNotesSeen, releaseNotesSlice } from '../features/release-notes/release-notes-slice.ts';
import { toastsSlice } from '../features/toasts/toasts-slice.ts';
import { api, PLAN_GATED_TAG, sessionSettled } from './api.ts';
import { preferences } from './preferences.ts';
import { themeToggled, uiSlice } from './ui-slice.ts';

export const rootReducer = combineSlices(api, uiSlice, modalsSlice, toastsSlice, releaseNotesSlice, authSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** Writes the preferences that user actions change (SPEC §4: toggling the theme saves it). */
function persistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: themeToggled,
    effect: (_action, { getState }) => preferences.set('theme', (getState() as RootState).ui.themeMode),
  });
  // Signing out drops every cached answer (lists, alerts, counts, profile, settings): the next user of this
  // browser must never see them, not even for the 60 s unused data is kept. Market answers are fetched again.
  // An anonymous start (unknown → signedOut) keeps its answers.
  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch, getOriginalState }) => {
      sessionSettled();
      if ((getOriginalState() as RootState).auth.status === 'signedIn') dispatch(api.util.resetApiState());
    },
  });
  // A sign-in during the visit changes what the plan unlocks: the answers fetched anonymous are fetched again.
  // A restored session needs nothing: its requests waited for the tokens (api.ts).
  listener.startListening({
    actionCreator: signedIn,
    effect: (_action, { dispatch, getOriginalState }) => {
      sessionSettled();
      if ((getOriginalState() as RootState).auth.status === 'signedOut') {
        dispatch(api.util.invalidateTags([PLAN_GATED_TAG]));
      }
    },
  });
  listener.startListening({
    actionCreator: releaseNotesSeen,
    effect: (action) => preferences.set('lastSeenReleaseNoteDate', action.payload),
  });
  return listener.middleware;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistence()).concat(api.middleware),
  });
  // Refetch on reconnect (and focus, where an endpoint asks for it).
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
