/**
 * Client preferences kept locally (SPEC §3): every key, its type and its default, named once.
 * Values are stored as JSON under `earningshub.<key>` in the platform storage (localStorage on the web). A value
 * that fails to parse or has the wrong shape reads as the default, so a corrupt entry never breaks the app.
 */
import {
  CHART_RANGES,
  type ChartRange,
  CONTENT_TYPES,
  type ContentType,
  EARNINGS_SORT_KEYS,
  type EarningsSortKey,
  LEGACY_ALERTS_FILTER,
  NO_PUSH_PROMPT_HISTORY,
  type PushPromptHistory,
  RECENT_COMPARISONS_MAX,
  SEC_FILING_TYPES,
  type SecFilingType,
  SIDE_PANEL_DEFAULT_WIDTH,
  SIDE_PANEL_MAX_WIDTH,
  SIDE_PANEL_MIN_WIDTH,
  SLIDESHOW_DEFAULT_DELAY_MS,
  SLIDESHOW_MAX_DELAY_MS,
  SLIDESHOW_MIN_DELAY_MS,
  SYMBOL_FILTERS,
  type SymbolFilter,
} from '@eh/domain';
import { type KeyValueStorage, storage as platformStorage } from '../platform/platform.ts';
import { RECENT_SYMBOLS_MAX } from './constants.ts';

export const PREFERENCE_PREFIX = 'earningshub.';

// ---------------------------------------------------------------------------------------------------------------
// Enumerations of SPEC §3 that the preferences hold

export const THEME_CHOICES = ['light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const CALENDAR_VIEWS = ['week', 'list', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const PERFORMANCE_TYPES = ['dollar', 'percent'] as const;
export type PerformanceType = (typeof PERFORMANCE_TYPES)[number];

export const LOGIN_PROVIDERS = ['email', 'google', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Shapes

export interface EarningsSettings {
  calendarView: CalendarView;
  filter: SymbolFilter;
  newsTypes: ContentType[];
  sort: EarningsSortKey;
  autoExpandHiddenSymbols: boolean;
}
/** SPEC §3 Earnings settings defaults. */
export const DEFAULT_EARNINGS_SETTINGS: EarningsSettings = {
  calendarView: 'week',
  filter: 'popular',
  newsTypes: ['earnings_results'],
  sort: 'popularity',
  autoExpandHiddenSymbols: false,
};

/**
 * Which extra rows the calendar shows (SPEC §3). Dates that are only estimated, calls and the My Stocks overview
 * are on by default; the other calendars are opt-in so the first view stays about earnings.
 */
export const DEFAULT_CALENDAR_TOGGLES = {
  estimatedDates: true,
  ipo: false,
  economic: false,
  fed: false,
  exDividend: false,
  dividendPayment: false,
  indices: false,
  // Off until the reader turns it on: it narrows the whole calendar to their holdings, which a first-time reader
  // who just added one stock would take for a calendar with nothing else on it.
  myStocksOverview: false,
  calls: true,
  // Narrows the calendar to the reports of companies that move BIG_MOVER_MIN_PERCENT or more on average.
  bigMovers: false,
};
export type CalendarToggles = typeof DEFAULT_CALENDAR_TOGGLES;

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

// ---------------------------------------------------------------------------------------------------------------
// Readers: each turns an unknown parsed value into the typed value, or undefined when it does not fit.

type Reader<T> = (raw: unknown) => T | undefined;

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

const oneOf =
  <const T extends readonly string[]>(values: T): Reader<T[number]> =>
  (raw) =>
    typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T[number]) : undefined;

const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (raw) =>
    raw === null ? null : read(raw);

const bool: Reader<boolean> = (raw) => (typeof raw === 'boolean' ? raw : undefined);
const str: Reader<string> = (raw) => (typeof raw === 'string' ? raw : undefined);
const nonEmptyStr: Reader<string> = (raw) => (typeof raw === 'string' && raw.length > 0 ? raw : undefined);

const num =
  (min: number, max: number): Reader<number> =>
  (raw) =>
    typeof raw === 'number' && Number.isFinite(raw) && raw >= min && raw <= max ? raw : undefined;

const arrayOf =
  <T>(read: Reader<T>, max = 1000): Reader<T[]> =>
  (raw) => {
    if (!Array.isArray(raw)) return undefined;
    const items = raw.map(read).filter((item): item is T => item !== undefined);
    return items.slice(0, max);
  };

const recordOf =
  <T>(read: Reader<T>): Reader<Record<string, T>> =>
  (raw) => {
    if (!isRecord(raw)) return undefined;
    const out: Record<string, T> = {};
    for (const [key, value] of Object.entries(raw)) {
      const item = read(value);
      if (item !== undefined) out[key] = item;
    }
    return out;
  };

/** A record of booleans merged over its defaults: unknown keys dropped, missing or ill-typed keys defaulted. */
const flagsOver =
  <T extends Record<string, boolean>>(defaults: T): Reader<T> =>
  (raw) => {
    if (!isRecord(raw)) return undefined;
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = raw[key as string];
      if (typeof value === 'boolean') out[key] = value as T[keyof T];
    }
    return out;
  };

const pushPromptHistory: Reader<PushPromptHistory> = (raw) => {
  if (!isRecord(raw)) return undefined;
  const count = num(0, Number.MAX_SAFE_INTEGER)(raw.count);
  const lastAskedAt = raw.lastAskedAt === null ? null : num(0, Number.MAX_SAFE_INTEGER)(raw.lastAskedAt);
  return count === undefined || lastAskedAt === undefined ? undefined : { count, lastAskedAt };
};

const sortState: Reader<SortState> = (raw) => {
  if (!isRecord(raw) || typeof raw.key !== 'string') return undefined;
  return { key: raw.key, direction: raw.direction === 'asc' ? 'asc' : 'desc' };
};

/**
 * SPEC §3: the legacy filter `earningshub_alerts` becomes `earningshub_custom`; a missing sort or
 * autoExpandHiddenSymbols gets its default. Any other ill-typed field falls back to its default too.
 */
export function migrateEarningsSettings(raw: unknown): EarningsSettings | undefined {
  if (!isRecord(raw)) return undefined;
  const d = DEFAULT_EARNINGS_SETTINGS;
  const filter = raw.filter === LEGACY_ALERTS_FILTER ? 'earningshub_custom' : oneOf(SYMBOL_FILTERS)(raw.filter);
  return {
    calendarView: oneOf(CALENDAR_VIEWS)(raw.calendarView) ?? d.calendarView,
    filter: filter ?? d.filter,
    newsTypes: arrayOf(oneOf(CONTENT_TYPES))(raw.newsTypes) ?? [...d.newsTypes],
    sort: oneOf(EARNINGS_SORT_KEYS)(raw.sort) ?? d.sort,
    autoExpandHiddenSymbols: bool(raw.autoExpandHiddenSymbols) ?? d.autoExpandHiddenSymbols,
  };
}

const uppercaseSymbols = (max: number): Reader<string[]> => {
  const read = arrayOf(nonEmptyStr);
  return (raw) => {
    const items = read(raw);
    return items && dedupeSymbols(items).slice(0, max);
  };
};

function dedupeSymbols(symbols: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const symbol of symbols) {
    const upper = symbol.trim().toUpperCase();
    if (upper && !seen.has(upper)) {
      seen.add(upper);
      out.push(upper);
    }
  }
  return out;
}

/** The Temporal API where the browser has it (Chromium 144+, Firefox 139+). */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

/**
 * Resolved once per page load, and through Temporal where the browser has it: reading the zone off a
 * DateTimeFormat makes ICU detect the host zone (~15 ms on a desktop, four times that on a phone, in the first
 * render), Temporal answers in microseconds.
 */
let browserZone: string | undefined;

function browserTimeZone(): string {
  if (browserZone) return browserZone;
  try {
    browserZone =
      (typeof Temporal === 'undefined' ? undefined : Temporal.Now.timeZoneId()) ||
      Intl.DateTimeFormat().resolvedOptions().timeZone ||
      'America/New_York';
  } catch {
    browserZone = 'America/New_York';
  }
  return browserZone;
}

// ---------------------------------------------------------------------------------------------------------------
// The table of preferences

interface PreferenceSpec<T> {
  defaultValue: () => T;
  read: Reader<T>;
  /** Store the default the first time it is read (a generated id must stay the same across visits). */
  persistDefault?: boolean;
}

const pref = <T>(defaultValue: () => T, read: Reader<T>, persistDefault = false): PreferenceSpec<T> => ({
  defaultValue,
  read,
  persistDefault,
});

export const PREFERENCES = {
  /** null: no stored choice, so the system preference decides (SPEC §4 Theme). */
  theme: pref<ThemeChoice | null>(() => null, nullable(oneOf(THEME_CHOICES))),
  lastUrl: pref<string | null>(() => null, nullable(str)),
  /** SPEC §9: the last 5 searched symbols, newest first. */
  recentSymbols: pref<string[]>(() => [], uppercaseSymbols(RECENT_SYMBOLS_MAX)),
  earningsSettings: pref<EarningsSettings>(
    () => ({ ...DEFAULT_EARNINGS_SETTINGS, newsTypes: [...DEFAULT_EARNINGS_SETTINGS.newsTypes] }),
    migrateEarningsSettings,
  ),
  calendarToggles: pref<CalendarToggles>(() => ({ ...DEFAULT_CALENDAR_TOGGLES }), flagsOver(DEFAULT_CALENDAR_TOGGLES)),
  newsContentTypes: pref<ContentType[]>(
    () => ['earnings_results', 'transcript_summary'],
    arrayOf(oneOf(CONTENT_TYPES)),
  ),
  /** SPEC §3: news tag default top_stories. */
  newsTag: pref<string>(() => 'top_stories', nonEmptyStr),
  portfolioRange: pref<ChartRange>(() => '1y', oneOf(CHART_RANGES)),
  pinnedPortfolio: pref<string | null>(() => null, nullable(str)),
  showCash: pref<boolean>(() => true, bool),
  /** Collapsible sections by id: true when collapsed (the event page's side panel: `eventSidePanel`). */
  collapseStates: pref<Record<string, boolean>>(() => ({}), recordOf(bool)),
  holdingsSort: pref<SortState>(() => ({ key: 'value', direction: 'desc' }), sortState),
  /** Symbols compared with an event's company, newest first (features/event-slides; synced, decision 0033). */
  recentComparisons: pref<string[]>(() => [], uppercaseSymbols(RECENT_COMPARISONS_MAX)),
  /** Price chart range last chosen on each symbol's page, by symbol. */
  symbolZoom: pref<Record<string, ChartRange>>(() => ({}), recordOf(oneOf(CHART_RANGES))),
  /** Detail columns hidden in each list, by list id. */
  hiddenDetailsByList: pref<Record<string, string[]>>(() => ({}), recordOf(arrayOf(str))),
  listenedToLiveCall: pref<boolean>(() => false, bool),
  canceledSubscriptionBannerClosed: pref<boolean>(() => false, bool),
  affiliateId: pref<string | null>(() => null, nullable(nonEmptyStr)),
  affiliateVisitCount: pref<number>(() => 0, num(0, Number.MAX_SAFE_INTEGER)),
  /** SPEC §9: the event page's side panel, default width 30 (percent of the width beside the slides). */
  sidePanelWidth: pref<number>(() => SIDE_PANEL_DEFAULT_WIDTH, num(SIDE_PANEL_MIN_WIDTH, SIDE_PANEL_MAX_WIDTH)),
  /** SPEC §9: an event's slideshow, default delay 5000 ms between slides. */
  slideshowDelay: pref<number>(() => SLIDESHOW_DEFAULT_DELAY_MS, num(SLIDESHOW_MIN_DELAY_MS, SLIDESHOW_MAX_DELAY_MS)),
  selectedListId: pref<string | null>(() => null, nullable(str)),
  lastLoginProvider: pref<LoginProvider | null>(() => null, nullable(oneOf(LOGIN_PROVIDERS))),
  /** SEC filing types shown; all by default. */
  secFilingSelection: pref<SecFilingType[]>(() => [...SEC_FILING_TYPES], arrayOf(oneOf(SEC_FILING_TYPES))),
  performanceType: pref<PerformanceType>(() => 'dollar', oneOf(PERFORMANCE_TYPES)),
  timezone: pref<string>(browserTimeZone, nonEmptyStr),
  superAdmin: pref<boolean>(() => false, bool),
  /** SPEC §3: generated UUID on first use, then kept. */
  anonymousUserId: pref<string>(() => globalThis.crypto.randomUUID(), nonEmptyStr, true),
  homepageTab: pref<string | null>(() => null, nullable(str)),
  lastSeenReleaseNoteDate: pref<string | null>(() => null, nullable(str)),
  /** SPEC §4: the native push prompt's history on this device (how many times, when last). */
  pushPromptHistory: pref<PushPromptHistory>(() => ({ ...NO_PUSH_PROMPT_HISTORY }), pushPromptHistory),
  /** The web's mobile-app prompt was closed on this device: not shown again. */
  mobileAppPromptDismissed: pref<boolean>(() => false, bool),
} satisfies Record<string, PreferenceSpec<unknown>>;

export type PreferenceKey = keyof typeof PREFERENCES;
export type Preferences = { [K in PreferenceKey]: ReturnType<(typeof PREFERENCES)[K]['defaultValue']> };

/** Cleared on sign-out (SPEC §4 Logout: the super-admin flag and the stored homepage tab; local alerts below). */
export const SIGN_OUT_CLEARED: readonly PreferenceKey[] = ['superAdmin', 'homepageTab'];

/**
 * Keys no feature reads any more (decision 0033): alert preferences (the server applies the account's saved alert
 * preferences), the portfolio sort (My Stocks has no sorting of lists) and the locale (figures are formatted in
 * en-US, the market's). An old browser's copies are removed on sign-out, "local alerts" among them.
 */
export const RETIRED_KEYS: readonly string[] = ['alertPreferences', 'portfolioSort', 'locale'];

export function storageKey(key: PreferenceKey): string {
  return `${PREFERENCE_PREFIX}${key}`;
}

export interface PreferenceStore {
  get<K extends PreferenceKey>(key: K): Preferences[K];
  set<K extends PreferenceKey>(key: K, value: Preferences[K]): void;
  remove(key: PreferenceKey): void;
  /** Whether a value is stored for the key (not only its default). */
  isStored(key: PreferenceKey): boolean;
  /** Puts a searched symbol first, without duplicates, keeping the newest five. */
  addRecentSymbol(symbol: string): string[];
  clearOnSignOut(): void;
}

export function createPreferenceStore(store: KeyValueStorage): PreferenceStore {
  function get<K extends PreferenceKey>(key: K): Preferences[K] {
    const spec = PREFERENCES[key] as PreferenceSpec<Preferences[K]>;
    let text: string | null = null;
    try {
      text = store.getItem(storageKey(key));
    } catch {
      text = null;
    }
    if (text !== null) {
      try {
        const value = spec.read(JSON.parse(text));
        if (value !== undefined) return value;
      } catch {
        // Not JSON: fall through to the default.
      }
    }
    const fallback = spec.defaultValue();
    if (spec.persistDefault) set(key, fallback);
    return fallback;
  }

  function set<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
    try {
      store.setItem(storageKey(key), JSON.stringify(value));
    } catch {
      // Storage full or unavailable: the preference is not kept, the app goes on.
    }
  }

  function remove(key: PreferenceKey): void {
    try {
      store.removeItem(storageKey(key));
    } catch {
      // As above.
    }
  }

  function isStored(key: PreferenceKey): boolean {
    try {
      return store.getItem(storageKey(key)) !== null;
    } catch {
      return false;
    }
  }

  return {
    get,
    set,
    remove,
    isStored,
    addRecentSymbol(symbol) {
      const next = dedupeSymbols([symbol, ...get('recentSymbols')]).slice(0, RECENT_SYMBOLS_MAX);
      set('recentSymbols', next);
      return next;
    },
    clearOnSignOut() {
      for (const key of SIGN_OUT_CLEARED) remove(key);
      for (const key of RETIRED_KEYS) {
        try {
          store.removeItem(`${PREFERENCE_PREFIX}${key}`);
        } catch {
          // As above.
        }
      }
    },
  };
}

/** The app's preferences, in the platform storage. */
export const preferences: PreferenceStore = createPreferenceStore(platformStorage);
