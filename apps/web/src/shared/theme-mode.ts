import type { ThemeChoice } from './preferences.ts';

export type ThemeMode = ThemeChoice;

export interface ThemeInputs {
  /** `?theme=` of the current URL; anything but light or dark is ignored. */
  query: string | null | undefined;
  /** The stored choice (saved when the user toggles). */
  stored: string | null | undefined;
  systemPrefersDark: boolean;
}

const asMode = (value: string | null | undefined): ThemeMode | null =>
  value === 'light' || value === 'dark' ? value : null;

/** SPEC §4 Theme: query parameter, then stored choice, then system preference. */
export function resolveTheme({ query, stored, systemPrefersDark }: ThemeInputs): ThemeMode {
  return asMode(query) ?? asMode(stored) ?? (systemPrefersDark ? 'dark' : 'light');
}

export function otherMode(mode: ThemeMode): ThemeMode {
  return mode === 'dark' ? 'light' : 'dark';
}
