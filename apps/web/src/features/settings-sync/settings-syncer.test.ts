import { describe, expect, it } from 'vitest';
import { SETTINGS_SAVE_DELAY_MS, SETTINGS_SAVE_FAILED_MESSAGE, SettingsSyncer } from './settings-syncer.ts';
import { SYNCED_KEYS, type SyncedKey, type SyncedValues } from './synced-preferences.ts';

/** A device with its values, a manual clock and a server that answers as told. */
function harness(initial: Partial<SyncedValues> = {}, chosen: SyncedKey[] = []) {
  const values: SyncedValues = { slideshowDelay: 5000, sidePanelWidth: 30, recentComparisons: [], ...initial };
  const saves: Partial<SyncedValues>[] = [];
  const messages: string[] = [];
  const timers: { run: () => void; at: number }[] = [];
  let serverUp = true;
  let now = 0;
  const syncer = new SettingsSyncer(
    {
      get: (key) => values[key],
      apply: (key, value) => {
        values[key] = value;
      },
      isChosen: (key) => chosen.includes(key),
      save: async (sent) => {
        saves.push(sent);
        return serverUp;
      },
      failed: (message) => messages.push(message),
      setTimer: (run, ms) => {
        const timer = { run, at: now + ms };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => {
        timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1);
      },
    },
    SYNCED_KEYS,
  );
  /** The reader changes a value on this device. */
  const change = <K extends SyncedKey>(key: K, value: SyncedValues[K]) => {
    values[key] = value;
    syncer.changed(key);
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    syncer,
    values,
    saves,
    messages,
    change,
    advance,
    down: () => {
      serverUp = false;
    },
  };
}

describe(SettingsSyncer.name, () => {
  it('applies the account’s values on load and saves what only the device chose', async () => {
    const h = harness({ sidePanelWidth: 55 }, ['sidePanelWidth']);
    await h.syncer.load({ slideshowDelay: 8000 });
    expect(h.values.slideshowDelay).toBe(8000);
    expect(h.saves).toEqual([{ sidePanelWidth: 55 }]);
  });

  it('saves a burst of changes once, with the latest values, after the delay', async () => {
    const h = harness();
    await h.syncer.load({});
    h.change('sidePanelWidth', 32);
    h.change('sidePanelWidth', 34);
    h.change('slideshowDelay', 3000);
    await h.advance(SETTINGS_SAVE_DELAY_MS - 1);
    expect(h.saves).toEqual([]);
    await h.advance(1);
    expect(h.saves).toEqual([{ sidePanelWidth: 34, slideshowDelay: 3000 }]);
  });

  it('holds changes made before the account’s settings arrive and saves them after, over the account’s', async () => {
    const h = harness();
    h.change('slideshowDelay', 2000);
    await h.syncer.load({ slideshowDelay: 8000 });
    expect(h.values.slideshowDelay).toBe(2000);
    expect(h.saves).toEqual([{ slideshowDelay: 2000 }]);
  });

  it('rolls a refused save back to what the account holds and says so', async () => {
    const h = harness();
    await h.syncer.load({ sidePanelWidth: 40, slideshowDelay: 8000 });
    h.down();
    h.change('sidePanelWidth', 70);
    h.change('slideshowDelay', 2000);
    expect(h.values.sidePanelWidth).toBe(70); // applied at once
    await h.advance(SETTINGS_SAVE_DELAY_MS);
    expect(h.values).toMatchObject({ sidePanelWidth: 40, slideshowDelay: 8000 });
    expect(h.messages).toEqual([SETTINGS_SAVE_FAILED_MESSAGE]);
  });

  it('rolls back to the last saved value, not the first one', async () => {
    const h = harness();
    await h.syncer.load({});
    h.change('sidePanelWidth', 50);
    await h.advance(SETTINGS_SAVE_DELAY_MS);
    h.down();
    h.change('sidePanelWidth', 80);
    await h.advance(SETTINGS_SAVE_DELAY_MS);
    expect(h.values.sidePanelWidth).toBe(50);
  });

  it('keeps a value changed again while its save was refused', async () => {
    const h = harness();
    await h.syncer.load({});
    h.down();
    h.change('sidePanelWidth', 70);
    const pending = h.advance(SETTINGS_SAVE_DELAY_MS);
    h.change('sidePanelWidth', 75);
    await pending;
    expect(h.values.sidePanelWidth).toBe(75);
    expect(h.messages).toEqual([]);
  });

  it('does nothing once stopped (signed out)', async () => {
    const h = harness();
    await h.syncer.load({});
    h.change('slideshowDelay', 3000);
    h.syncer.stop();
    await h.advance(SETTINGS_SAVE_DELAY_MS);
    expect(h.saves).toEqual([]);
  });
});
