import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, PLAN_GATED_TAG, sessionSettled } from '../shared/api.ts';
import { signedIn, signedOut } from '../shared/auth-slice.ts';
import { preferences } from '../shared/preferences.ts';
import { releaseNotesSeen } from '../shared/release-notes-slice.ts';
import { type AppStore, type RootState, rootReducer } from '../shared/store.ts';
import { themeToggled } from '../shared/ui-slice.ts';

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

export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistence()).concat(api.middleware),
  });
  // Refetch on reconnect (and focus, where an endpoint asks for it).
  setupListeners(store.dispatch);
  return store;
}
