import { SyncedPreferences } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import { mergeAtSignIn, mergeComparisons, readSynced, SYNCED_KEYS, type SyncedValues } from './synced-preferences.ts';

const DEVICE_DEFAULTS: SyncedValues = { slideshowDelay: 5000, sidePanelWidth: 30, recentComparisons: [] };

describe(readSynced.name, () => {
  it('reads the synced keys of saved settings, dropping ill-typed values and other keys', () => {
    expect(SYNCED_KEYS).toEqual(['slideshowDelay', 'sidePanelWidth', 'recentComparisons']);
    // The settings contract checks the same keys the client syncs.
    expect(Object.keys(SyncedPreferences.shape).sort()).toEqual([...SYNCED_KEYS].sort());
    expect(
      readSynced({
        slideshowDelay: 8000,
        sidePanelWidth: 'wide',
        recentComparisons: ['msft', 'MSFT', 'nvda'],
        onboarding: { status: 'done' },
      }),
    ).toEqual({ slideshowDelay: 8000, recentComparisons: ['MSFT', 'NVDA'] });
    expect(readSynced({ sidePanelWidth: 95, slideshowDelay: 10 })).toEqual({});
  });
});

describe(mergeComparisons.name, () => {
  it('puts the account’s first, then the device’s others, ten at most', () => {
    expect(mergeComparisons(['MSFT'], ['nvda', 'msft'])).toEqual(['MSFT', 'NVDA']);
    const many = Array.from({ length: 12 }, (_, i) => `S${i}`);
    expect(mergeComparisons(many, ['AAPL'])).toHaveLength(10);
  });
});

describe(mergeAtSignIn.name, () => {
  it('applies what the account saved on this device', () => {
    const merge = mergeAtSignIn(DEVICE_DEFAULTS, new Set(), { slideshowDelay: 10_000, sidePanelWidth: 45 });
    expect(merge.apply).toEqual({ slideshowDelay: 10_000, sidePanelWidth: 45 });
    expect(merge.push).toEqual({});
  });

  it('lets the account win over a value this device chose', () => {
    const device = { ...DEVICE_DEFAULTS, sidePanelWidth: 60 };
    const merge = mergeAtSignIn(device, new Set(['sidePanelWidth'] as const), { sidePanelWidth: 45 });
    expect(merge.apply).toEqual({ sidePanelWidth: 45 });
    expect(merge.push).toEqual({});
  });

  it('saves to the account what only this device chose, never a bare default', () => {
    const device = { ...DEVICE_DEFAULTS, slideshowDelay: 3000 };
    const merge = mergeAtSignIn(device, new Set(['slideshowDelay'] as const), {});
    expect(merge.apply).toEqual({});
    expect(merge.push).toEqual({ slideshowDelay: 3000 });
  });

  it('joins recent comparisons, the account’s first, and saves the union', () => {
    const device = { ...DEVICE_DEFAULTS, recentComparisons: ['AMD', 'MSFT'] };
    const merge = mergeAtSignIn(device, new Set(['recentComparisons'] as const), {
      recentComparisons: ['MSFT', 'NVDA'],
    });
    expect(merge.apply).toEqual({ recentComparisons: ['MSFT', 'NVDA', 'AMD'] });
    expect(merge.push).toEqual({ recentComparisons: ['MSFT', 'NVDA', 'AMD'] });
  });

  it('changes nothing when the two agree', () => {
    const merge = mergeAtSignIn(DEVICE_DEFAULTS, new Set(), { ...DEVICE_DEFAULTS });
    expect(merge).toEqual({ apply: {}, push: {} });
  });
});
