/**
 * Whether onboarding is on screen in this tab, kept in sessionStorage: it survives a reload of the tab and nothing
 * else, so a reload brings onboarding back at its step while a "started" record written on another device or tab
 * never opens it by itself. Set while the modal is open; cleared when it closes (a reload never closes it).
 */
const KEY = 'eh.onboardingOpen';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function markOpenHere(): void {
  try {
    session()?.setItem(KEY, '1');
  } catch {
    // A browser that refuses storage only loses the reopening after a reload.
  }
}

export function clearOpenHere(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // As above.
  }
}

export const wasOpenHere = (): boolean => session()?.getItem(KEY) === '1';
