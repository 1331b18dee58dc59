import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../platform/platform.ts';
import {
  createPreferenceStore,
  DEFAULT_CALENDAR_TOGGLES,
  migrateEarningsSettings,
  PREFERENCES,
  type PreferenceKey,
  storageKey,
} from './preferences.ts';

describe(createPreferenceStore.name, () => {
  it('reads the SPEC defaults from empty storage', () => {
    const prefs = createPreferenceStore(memoryStorage());
    expect(prefs.get('theme')).toBeNull();
    expect(prefs.get('recentSymbols')).toEqual([]);
    expect(prefs.get('recentComparisons')).toEqual([]);
    expect(prefs.get('earningsSettings')).toEqual({
      calendarView: 'week',
      filter: 'popular',
      newsTypes: ['earnings_results'],
      sort: 'popularity',
      autoExpandHiddenSymbols: false,
    });
    expect(prefs.get('newsContentTypes')).toEqual(['earnings_results', 'transcript_summary']);
    expect(prefs.get('newsTag')).toBe('top_stories');
    expect(prefs.get('sidePanelWidth')).toBe(30);
    expect(prefs.get('slideshowDelay')).toBe(5000);
    expect(prefs.get('performanceType')).toBe('dollar');
    expect(prefs.get('superAdmin')).toBe(false);
    expect(prefs.get('lastSeenReleaseNoteDate')).toBeNull();
    expect(Object.keys(prefs.get('calendarToggles')).sort()).toEqual(
      [
        'bigMovers',
        'calls',
        'dividendPayment',
        'economic',
        'estimatedDates',
        'exDividend',
        'fed',
        'indices',
        'ipo',
        'myStocksOverview',
      ].sort(),
    );
    expect(prefs.get('timezone').length).toBeGreaterThan(0);
  });

  it('does not hand out the shared default objects', () => {
    const prefs = createPreferenceStore(memoryStorage());
    const toggles = prefs.get('calendarToggles');
    toggles.ipo = true;
    expect(DEFAULT_CALENDAR_TOGGLES.ipo).toBe(false);
    expect(prefs.get('calendarToggles').ipo).toBe(false);
  });

  it('round-trips every key through JSON in storage', () => {
    const storage = memoryStorage();
    const prefs = createPreferenceStore(storage);
    prefs.set('theme', 'dark');
    prefs.set('showCash', false);
    prefs.set('collapseStates', { earnings: true });
    prefs.set('affiliateVisitCount', 3);
    expect(storage.getItem(storageKey('theme'))).toBe('"dark"');
    const again = createPreferenceStore(storage);
    expect(again.get('theme')).toBe('dark');
    expect(again.get('showCash')).toBe(false);
    expect(again.get('collapseStates')).toEqual({ earnings: true });
    expect(again.get('affiliateVisitCount')).toBe(3);
  });

  it('generates the anonymous user id once and keeps it', () => {
    const storage = memoryStorage();
    const first = createPreferenceStore(storage).get('anonymousUserId');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createPreferenceStore(storage).get('anonymousUserId')).toBe(first);
    expect(createPreferenceStore(storage).get('anonymousUserId')).toBe(first);
    expect(createPreferenceStore(memoryStorage()).get('anonymousUserId')).not.toBe(first);
  });

  it('keeps the last five searched symbols, newest first, uppercased and without duplicates', () => {
    const prefs = createPreferenceStore(memoryStorage());
    for (const symbol of ['aapl', 'MSFT', 'NVDA', 'TSLA', 'AMZN']) prefs.addRecentSymbol(symbol);
    expect(prefs.get('recentSymbols')).toEqual(['AMZN', 'TSLA', 'NVDA', 'MSFT', 'AAPL']);
    expect(prefs.addRecentSymbol('msft')).toEqual(['MSFT', 'AMZN', 'TSLA', 'NVDA', 'AAPL']);
    expect(prefs.addRecentSymbol('GOOG')).toEqual(['GOOG', 'MSFT', 'AMZN', 'TSLA', 'NVDA']);
    expect(prefs.get('recentSymbols')).toHaveLength(5);
  });

  it('caps and dedupes recent symbols written by an older client', () => {
    const storage = memoryStorage({
      [storageKey('recentSymbols')]: JSON.stringify(['a', 'A', 'b', 'c', 'd', 'e', 'f', 'g', 42]),
    });
    expect(createPreferenceStore(storage).get('recentSymbols')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('falls back to the default for corrupt or ill-typed values', () => {
    const storage = memoryStorage({
      [storageKey('theme')]: '{not json',
      [storageKey('sidePanelWidth')]: '"wide"',
      [storageKey('recentSymbols')]: '{"0":"AAPL"}',
      [storageKey('calendarToggles')]: '[]',
      [storageKey('recentComparisons')]: '"AAPL"',
      [storageKey('performanceType')]: '"yen"',
      [storageKey('slideshowDelay')]: '-5',
      [storageKey('collapseStates')]: '"open"',
      [storageKey('affiliateId')]: 'undefined',
    });
    const prefs = createPreferenceStore(storage);
    expect(prefs.get('theme')).toBeNull();
    expect(prefs.get('sidePanelWidth')).toBe(30);
    expect(prefs.get('recentSymbols')).toEqual([]);
    expect(prefs.get('calendarToggles')).toEqual(DEFAULT_CALENDAR_TOGGLES);
    expect(prefs.get('recentComparisons')).toEqual([]);
    expect(prefs.get('collapseStates')).toEqual({});
    expect(prefs.get('performanceType')).toBe('dollar');
    expect(prefs.get('slideshowDelay')).toBe(5000);
    expect(prefs.get('affiliateId')).toBeNull();
  });

  it('merges partial boolean records over their defaults', () => {
    const storage = memoryStorage({
      [storageKey('calendarToggles')]: JSON.stringify({ ipo: true, calls: 'yes', bogus: true }),
    });
    const toggles = createPreferenceStore(storage).get('calendarToggles');
    expect(toggles).toEqual({ ...DEFAULT_CALENDAR_TOGGLES, ipo: true });
    expect(toggles).not.toHaveProperty('bogus');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const prefs = createPreferenceStore(broken);
    expect(prefs.get('newsTag')).toBe('top_stories');
    expect(() => prefs.set('newsTag', 'x')).not.toThrow();
    expect(prefs.get('anonymousUserId')).toMatch(/-/);
  });

  it('clears local alerts, the super-admin flag and the homepage tab on sign-out, and nothing else', () => {
    const storage = memoryStorage({ 'earningshub.alertPreferences': '{"notifyBySms":true}' });
    const prefs = createPreferenceStore(storage);
    prefs.set('superAdmin', true);
    prefs.set('homepageTab', 'news');
    prefs.set('theme', 'dark');
    prefs.clearOnSignOut();
    expect(storage.getItem('earningshub.alertPreferences')).toBeNull();
    expect(prefs.get('superAdmin')).toBe(false);
    expect(prefs.get('homepageTab')).toBeNull();
    expect(prefs.get('theme')).toBe('dark');
  });

  it('gives every key a default that its own reader accepts', () => {
    for (const key of Object.keys(PREFERENCES) as PreferenceKey[]) {
      const spec = PREFERENCES[key] as { defaultValue: () => unknown; read: (raw: unknown) => unknown };
      const value = spec.defaultValue();
      expect(spec.read(JSON.parse(JSON.stringify(value))), key).toEqual(value);
    }
  });
});

describe(migrateEarningsSettings.name, () => {
  it('migrates the legacy alerts filter to the custom filter', () => {
    expect(migrateEarningsSettings({ filter: 'earningshub_alerts' })?.filter).toBe('earningshub_custom');
  });

  it('defaults a missing sort and autoExpandHiddenSymbols and keeps the rest', () => {
    expect(
      migrateEarningsSettings({ calendarView: 'month', filter: 'ten_billion', newsTypes: ['transcript'] }),
    ).toEqual({
      calendarView: 'month',
      filter: 'ten_billion',
      newsTypes: ['transcript'],
      sort: 'popularity',
      autoExpandHiddenSymbols: false,
    });
  });

  it('keeps a stored sort and auto-expand choice', () => {
    const settings = migrateEarningsSettings({ sort: 'marketCap', autoExpandHiddenSymbols: true });
    expect(settings?.sort).toBe('marketCap');
    expect(settings?.autoExpandHiddenSymbols).toBe(true);
  });

  it('reads the migration through the store', () => {
    const storage = memoryStorage({
      [storageKey('earningsSettings')]: JSON.stringify({ calendarView: 'list', filter: 'earningshub_alerts' }),
    });
    expect(createPreferenceStore(storage).get('earningsSettings')).toEqual({
      calendarView: 'list',
      filter: 'earningshub_custom',
      newsTypes: ['earnings_results'],
      sort: 'popularity',
      autoExpandHiddenSymbols: false,
    });
  });

  it('rejects what is not an object', () => {
    expect(migrateEarningsSettings('week')).toBeUndefined();
    expect(migrateEarningsSettings(null)).toBeUndefined();
  });
});
