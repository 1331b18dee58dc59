import { describe, expect, it } from 'vitest';
import { type KeyInput, shortcutFor } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  targetEditable: false,
  ...extra,
});

describe(shortcutFor.name, () => {
  it('maps the listed keys', () => {
    expect(shortcutFor(press('/'))).toBe('search');
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('t'))).toBe('theme');
    expect(shortcutFor(press('c'))).toBe('calendar');
    expect(shortcutFor(press('x'))).toBeNull();
  });

  it('never fires while typing or with modifier keys', () => {
    expect(shortcutFor(press('/', { targetTag: 'INPUT' }))).toBeNull();
    expect(shortcutFor(press('t', { targetTag: 'textarea' }))).toBeNull();
    expect(shortcutFor(press('t', { targetEditable: true }))).toBeNull();
    expect(shortcutFor(press('c', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('c', { metaKey: true }))).toBeNull();
  });

  it('opens search with Ctrl+K or ⌘+K, even while typing', () => {
    expect(shortcutFor(press('k', { ctrlKey: true }))).toBe('search');
    expect(shortcutFor(press('K', { metaKey: true, targetTag: 'INPUT' }))).toBe('search');
    expect(shortcutFor(press('k', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(press('k'))).toBeNull();
  });
});
