import { describe, expect, it } from 'vitest';
import {
  NO_PUSH_PROMPT_HISTORY,
  PUSH_PROMPT_INTERVAL_DAYS,
  PUSH_PROMPT_MAX_TIMES,
  type PushPromptHistory,
  pushPromptShown,
  shouldShowPushPrompt,
} from './push-prompt.ts';

/** A fake clock: starts at a fixed instant and only moves when told. */
function fakeClock(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advanceDays: (days: number) => {
      now += days * 24 * 60 * 60 * 1000;
    },
    advanceMs: (ms: number) => {
      now += ms;
    },
  };
}

describe(shouldShowPushPrompt.name, () => {
  it('asks a device that was never asked', () => {
    expect(shouldShowPushPrompt(NO_PUSH_PROMPT_HISTORY, fakeClock().now())).toBe(true);
  });

  it('does not ask again within 14 days, asks again at exactly 14 days', () => {
    const clock = fakeClock();
    const history = pushPromptShown(NO_PUSH_PROMPT_HISTORY, clock.now());
    expect(history).toEqual({ count: 1, lastAskedAt: clock.now() });
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
    clock.advanceDays(13);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
    clock.advanceDays(1);
    clock.advanceMs(-1);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
    clock.advanceMs(1);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(true);
  });

  it('asks at most 3 times, 14 days apart, never a 4th time', () => {
    const clock = fakeClock();
    let history: PushPromptHistory = NO_PUSH_PROMPT_HISTORY;
    const shown: number[] = [];
    // A check every day for a year (a login a day): the prompt shows on days 0, 14 and 28 only.
    for (let day = 0; day < 365; day += 1) {
      if (shouldShowPushPrompt(history, clock.now())) {
        history = pushPromptShown(history, clock.now());
        shown.push(day);
      }
      clock.advanceDays(1);
    }
    expect(shown).toEqual([0, PUSH_PROMPT_INTERVAL_DAYS, 2 * PUSH_PROMPT_INTERVAL_DAYS]);
    expect(history.count).toBe(PUSH_PROMPT_MAX_TIMES);
    clock.advanceDays(10_000);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
  });

  it('waits the full interval when the last prompt is dated in the future (clock moved back)', () => {
    const clock = fakeClock();
    const history = pushPromptShown(NO_PUSH_PROMPT_HISTORY, clock.now() + 3 * 24 * 60 * 60 * 1000);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
    clock.advanceDays(16);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(false);
    clock.advanceDays(1);
    expect(shouldShowPushPrompt(history, clock.now())).toBe(true);
  });

  it('never asks on a corrupt count', () => {
    expect(shouldShowPushPrompt({ count: Number.NaN, lastAskedAt: null }, 0)).toBe(false);
  });
});
