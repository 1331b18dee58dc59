/**
 * The calendar's choices as the reader sees them: filter groups, sort keys, views and the calendar toggles, with
 * their labels and hints, named once for the toolbar, the settings modal and the tests.
 */
import { BIG_MOVER_MIN_PERCENT, type CalendarEventType, type EarningsSortKey, type SymbolFilter } from '@eh/domain';
import type { CalendarToggles, CalendarView } from '../../shared/preferences.ts';

export interface FilterOption {
  value: SymbolFilter;
  label: string;
  description: string;
  /** Why it cannot be chosen yet. */
  disabledHint?: string;
}

export const FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'all', label: 'All', description: 'Every company that reports' },
  { value: 'popular', label: 'Popular', description: 'The 100 most followed companies' },
  { value: 'one_billion', label: '≥ $1B', description: 'Market cap of at least $1 billion' },
  { value: 'ten_billion', label: '≥ $10B', description: 'Market cap of at least $10 billion' },
  { value: 'hundred_billion', label: '≥ $100B', description: 'Market cap of at least $100 billion' },
  {
    value: 'earningshub_custom',
    label: 'My list',
    description: 'The symbols you choose',
  },
];

export const SORT_OPTIONS: readonly { value: EarningsSortKey; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'time', label: 'Time' },
  { value: 'marketCap', label: 'Market cap' },
  { value: 'alphabetical', label: 'Alphabetical' },
  { value: 'yoyPercentChangeRevenue', label: 'YoY revenue growth' },
  { value: 'yoyPercentChangeEPS', label: 'YoY EPS growth' },
  { value: 'typicalMove', label: 'Typical move' },
];

export const VIEW_OPTIONS: readonly { value: CalendarView; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'list', label: 'List' },
  { value: 'month', label: 'Month' },
];

export interface ToggleOption {
  key: keyof CalendarToggles;
  label: string;
  description: string;
  disabledHint?: string;
}

/** SPEC §3 calendar toggles, in SPEC order. */
export const TOGGLE_OPTIONS: readonly ToggleOption[] = [
  { key: 'estimatedDates', label: 'Estimated dates', description: 'Reports whose date the company has not confirmed' },
  { key: 'ipo', label: 'IPOs', description: 'Companies going public' },
  { key: 'economic', label: 'Economic calendar', description: 'Jobs, inflation, GDP and other releases' },
  { key: 'fed', label: 'Fed calendar', description: 'FOMC decisions, minutes and speeches' },
  { key: 'exDividend', label: 'Ex-dividend dates', description: 'Last day to buy for the next dividend' },
  { key: 'dividendPayment', label: 'Dividend payments', description: 'Days dividends are paid' },
  { key: 'indices', label: 'Indices', description: 'The major indexes above the calendar' },
  {
    key: 'myStocksOverview',
    label: 'My Stocks overview',
    description: 'Only the companies in your lists',
  },
  { key: 'calls', label: 'Earnings calls', description: 'Call times on each report, and other calls' },
  {
    key: 'bigMovers',
    label: 'Big movers',
    description: `Companies that move ${BIG_MOVER_MIN_PERCENT}% or more on average after their reports`,
  },
];

/** Which event types the toggles ask the events API for. */
export function eventTypesFor(toggles: CalendarToggles): CalendarEventType[] {
  const types: CalendarEventType[] = [];
  if (toggles.fed) types.push('economic_fed');
  if (toggles.economic) types.push('economic');
  if (toggles.ipo) types.push('ipo');
  if (toggles.calls) types.push('call');
  return types;
}

export function dividendKindsFor(toggles: CalendarToggles): ('ex' | 'payment')[] {
  const kinds: ('ex' | 'payment')[] = [];
  if (toggles.exDividend) kinds.push('ex');
  if (toggles.dividendPayment) kinds.push('payment');
  return kinds;
}
