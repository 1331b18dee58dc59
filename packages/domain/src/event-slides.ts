/**
 * An event's slides and reports (SPEC §3 client preferences "slideshow delay", "side panel width", "recent
 * comparisons"; SPEC §9 defaults): the limits the web client and the settings contract share.
 */

/** SPEC §9: slideshow default delay 5000 ms. */
export const SLIDESHOW_DEFAULT_DELAY_MS = 5000;
/** The shortest and longest delay between two slides a reader may choose. */
export const SLIDESHOW_MIN_DELAY_MS = 1000;
export const SLIDESHOW_MAX_DELAY_MS = 60_000;
/** The delays the slideshow offers. */
export const SLIDESHOW_DELAY_CHOICES_MS = [2000, 3000, 5000, 8000, 10_000, 15_000, 30_000] as const;

/** SPEC §9: side panel default width 30 (percent of the width beside the slides). */
export const SIDE_PANEL_DEFAULT_WIDTH = 30;
export const SIDE_PANEL_MIN_WIDTH = 10;
export const SIDE_PANEL_MAX_WIDTH = 90;
/** One arrow key press moves the panel's edge this many percent (Page Up / Page Down: ten times). */
export const SIDE_PANEL_KEY_STEP = 2;

/** Symbols a reader compared an event's company with, newest first. */
export const RECENT_COMPARISONS_MAX = 10;

/** A width within the side panel's bounds, rounded to a tenth of a percent. */
export function clampSidePanelWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDE_PANEL_DEFAULT_WIDTH;
  const bounded = Math.min(SIDE_PANEL_MAX_WIDTH, Math.max(SIDE_PANEL_MIN_WIDTH, width));
  return Math.round(bounded * 10) / 10;
}

/** A delay within the slideshow's bounds, in whole milliseconds. */
export function clampSlideshowDelay(ms: number): number {
  if (!Number.isFinite(ms)) return SLIDESHOW_DEFAULT_DELAY_MS;
  return Math.round(Math.min(SLIDESHOW_MAX_DELAY_MS, Math.max(SLIDESHOW_MIN_DELAY_MS, ms)));
}

/** The slide after (step 1) or before (step −1) `index`, wrapping around a deck of `count`. */
export function stepSlide(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Puts a compared symbol first, upper case and without duplicates, keeping the newest {@link RECENT_COMPARISONS_MAX}. */
export function addRecentComparison(recent: readonly string[], symbol: string): string[] {
  const upper = symbol.trim().toUpperCase();
  const rest = recent.filter((item) => item.toUpperCase() !== upper);
  return (upper ? [upper, ...rest] : rest).slice(0, RECENT_COMPARISONS_MAX);
}

/** The client preferences that follow the account (decision 0033); the settings contract checks each by name. */
export const SYNCED_PREFERENCE_KEYS = ['slideshowDelay', 'sidePanelWidth', 'recentComparisons'] as const;
export type SyncedPreferenceKey = (typeof SYNCED_PREFERENCE_KEYS)[number];
