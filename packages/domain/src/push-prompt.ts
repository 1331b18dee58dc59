/**
 * SPEC §4 / §9: the native push prompt is shown only if it was not shown in the last 14 days and fewer than 3 times.
 * The history is what the device keeps (how many prompts, when the last one was shown); the clock is passed in.
 */

/** SPEC §9: the push prompt at most 3 times. */
export const PUSH_PROMPT_MAX_TIMES = 3;
/** SPEC §9: … 14 days apart. */
export const PUSH_PROMPT_INTERVAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PushPromptHistory {
  /** Prompts shown so far. */
  count: number;
  /** When the last one was shown (ms since the epoch); null when never. */
  lastAskedAt: number | null;
}

export const NO_PUSH_PROMPT_HISTORY: Readonly<PushPromptHistory> = { count: 0, lastAskedAt: null };

/**
 * Whether the prompt may be shown at `now`. A last prompt dated in the future (the device's clock was moved back)
 * counts as just now: the prompt waits the full interval rather than reappearing at once.
 */
export function shouldShowPushPrompt(history: PushPromptHistory, now: number): boolean {
  if (!Number.isFinite(history.count) || history.count >= PUSH_PROMPT_MAX_TIMES) return false;
  if (history.lastAskedAt === null) return true;
  const since = now - history.lastAskedAt;
  return since >= PUSH_PROMPT_INTERVAL_DAYS * DAY_MS;
}

/** The history after a prompt was shown at `now` (whatever the answer: OK and Not now both count). */
export function pushPromptShown(history: PushPromptHistory, now: number): PushPromptHistory {
  return { count: history.count + 1, lastAskedAt: now };
}
