/**
 * English month names as the calendar's month slugs spell them ('november-2026'). A module of its own so the web
 * app's always-loaded route table can read them without loading the calendar rules.
 */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export type MonthName = (typeof MONTH_NAMES)[number];
