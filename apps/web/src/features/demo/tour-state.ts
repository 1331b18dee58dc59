/**
 * Where the reader is in the tour: a step number kept for this tab (sessionStorage), so the tour bar follows the
 * reader from page to page and through a reload, and a new tab or a new visit starts without it. Read with
 * `useTourStep`; the tour page and the bar change it.
 */
import { useSyncExternalStore } from 'react';
import { PAGES } from '../../shared/routes.ts';

const KEY = 'eh.demoTour';

/** The tour page: it lists every stop itself (the bar is for the pages the tour opens). */
export const TOUR_PAGE_PATH = PAGES.find((page) => page.id === 'demo')?.path ?? '/demo';

/**
 * A stored step: a whole number from 0 (whether the tour has that many steps is the tour's to say), else null. Kept
 * out of tour-model.ts so the bar's first chunk, loaded for every visitor, stays small.
 */
export function readTourStep(value: unknown): number | null {
  const step = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < 100 ? step : null;
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Kept here too: a browser that refuses storage still runs the tour within the page. */
let current: number | null = readTourStep(session()?.getItem(KEY) ?? null);
const listeners = new Set<() => void>();

export function tourStep(): number | null {
  return current;
}

/** Moves the tour to `step`, or ends it (null). */
export function setTourStep(step: number | null) {
  current = step === null ? null : readTourStep(step);
  try {
    if (current === null) session()?.removeItem(KEY);
    else session()?.setItem(KEY, String(current));
  } catch {
    // Storage full or refused: the tour lasts this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTourStep(): number | null {
  return useSyncExternalStore(subscribe, tourStep, () => null);
}
