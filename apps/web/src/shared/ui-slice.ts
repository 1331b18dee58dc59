import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { systemPrefersDark } from '../platform/platform.ts';
import { preferences } from './preferences.ts';
import { otherMode, resolveTheme, type ThemeMode } from './theme-mode.ts';

export interface UiState {
  themeMode: ThemeMode;
  /** The more-menu drawer. */
  menuOpen: boolean;
  /** The banner message the user closed (it shows again when the message changes). */
  dismissedBanner: string | null;
}

export function initialUiState(search: string = globalThis.location?.search ?? ''): UiState {
  return {
    themeMode: resolveTheme({
      query: new URLSearchParams(search).get('theme'),
      stored: preferences.get('theme'),
      systemPrefersDark: systemPrefersDark(),
    }),
    menuOpen: false,
    dismissedBanner: null,
  };
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    /** A mode from the URL or the system: shown, not saved. */
    themeModeChanged(state, action: PayloadAction<ThemeMode>) {
      state.themeMode = action.payload;
    },
    /** The user's toggle: callers save it with `saveThemeChoice`. */
    themeToggled(state) {
      state.themeMode = otherMode(state.themeMode);
    },
    menuOpened(state) {
      state.menuOpen = true;
    },
    menuClosed(state) {
      state.menuOpen = false;
    },
    bannerDismissed(state, action: PayloadAction<string>) {
      state.dismissedBanner = action.payload;
    },
  },
});

export const { themeModeChanged, themeToggled, menuOpened, menuClosed, bannerDismissed } = uiSlice.actions;
