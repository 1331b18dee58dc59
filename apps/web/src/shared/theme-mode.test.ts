import { describe, expect, it } from 'vitest';
import { otherMode, resolveTheme } from './theme-mode.ts';

describe(resolveTheme.name, () => {
  it('follows the query parameter first', () => {
    expect(resolveTheme({ query: 'dark', stored: 'light', systemPrefersDark: false })).toBe('dark');
    expect(resolveTheme({ query: 'light', stored: 'dark', systemPrefersDark: true })).toBe('light');
  });

  it('then the stored choice', () => {
    expect(resolveTheme({ query: null, stored: 'dark', systemPrefersDark: false })).toBe('dark');
    expect(resolveTheme({ query: undefined, stored: 'light', systemPrefersDark: true })).toBe('light');
  });

  it('then the system preference', () => {
    expect(resolveTheme({ query: null, stored: null, systemPrefersDark: true })).toBe('dark');
    expect(resolveTheme({ query: null, stored: null, systemPrefersDark: false })).toBe('light');
  });

  it('ignores values that are not light or dark', () => {
    expect(resolveTheme({ query: 'purple', stored: 'DARK', systemPrefersDark: false })).toBe('light');
    expect(resolveTheme({ query: '', stored: 'dark', systemPrefersDark: false })).toBe('dark');
  });
});

describe(otherMode.name, () => {
  it('toggles between light and dark', () => {
    expect(otherMode('light')).toBe('dark');
    expect(otherMode('dark')).toBe('light');
  });
});
