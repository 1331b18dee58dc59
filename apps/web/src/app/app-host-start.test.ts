import { PUSH_PROMPT_INTERVAL_DAYS } from '@eh/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformHost, PushPermission } from '../platform/host.ts';
import { answerPushPrompt, isPushPromptOpen } from '../platform/push-prompt-state.ts';
import { preferences } from '../shared/preferences.ts';
import { checkPushAtLogin, type PushTokenBody } from './app-host-start.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A device whose OS answers as told, with a clock that moves only when told. */
function fakeDevice(permission: PushPermission, dialog: 'granted' | 'denied') {
  let now = Date.UTC(2026, 0, 5, 9);
  const state = { permission, requests: 0, registers: 0 };
  const host: PlatformHost = {
    kind: 'android',
    start: async () => undefined,
    push: {
      permission: async () => state.permission,
      request: async () => {
        state.requests += 1;
        state.permission = dialog;
        return dialog;
      },
      register: async () => {
        state.registers += 1;
        return { token: 'fcm-token-0123456789', appName: 'earningshub-android' };
      },
    },
    purchases: { available: false, purchase: async () => ({ outcome: 'cancelled' }) },
  };
  const sent: PushTokenBody[] = [];
  return {
    host,
    state,
    sent,
    send: async (body: PushTokenBody) => void sent.push(body),
    now: () => now,
    advanceDays: (days: number) => {
      now += days * DAY;
    },
  };
}

/** Runs a login check, answering the prompt if it shows; says whether it showed. */
async function login(device: ReturnType<typeof fakeDevice>, answer: 'ok' | 'notNow' = 'notNow') {
  let settled = false;
  const check = checkPushAtLogin(device.host, device.send, device.now).finally(() => {
    settled = true;
  });
  // Either the prompt shows (and waits for its answer) or the check ends without it.
  await vi.waitFor(() => expect(isPushPromptOpen() || settled).toBe(true));
  const shown = isPushPromptOpen();
  if (shown) answerPushPrompt(answer);
  await check;
  return shown;
}

afterEach(() => preferences.remove('pushPromptHistory'));

describe(checkPushAtLogin.name, () => {
  it('prompts a device not yet asked, at most 3 times, 14 days apart', async () => {
    const device = fakeDevice('prompt', 'denied');
    const logins: boolean[] = [];
    for (const day of [0, 1, 13, 1, 13, 1, 100, 1000]) {
      device.advanceDays(day === 0 ? 0 : day);
      logins.push(await login(device));
    }
    // Days 0, 1, 14, 15, 28, 29, 129, 1129: asked on 0, 14 and 28 only.
    expect(logins).toEqual([true, false, true, false, true, false, false, false]);
    expect(preferences.get('pushPromptHistory').count).toBe(3);
    expect(device.state.requests).toBe(0);
    expect(device.sent).toEqual([]);
    expect(PUSH_PROMPT_INTERVAL_DAYS).toBe(14);
  });

  it('OK opens the system dialog; granted registers and sends the token with its appName', async () => {
    const device = fakeDevice('prompt', 'granted');
    expect(await login(device, 'ok')).toBe(true);
    expect(device.state.requests).toBe(1);
    expect(device.sent).toEqual([{ token: 'fcm-token-0123456789', appName: 'earningshub-android' }]);
    // The next login: granted, no prompt, the token sent again (the server keeps it once).
    device.advanceDays(30);
    expect(await login(device)).toBe(false);
    expect(device.sent).toHaveLength(2);
  });

  it('a denial in the system dialog is only logged: nothing registered, nothing sent', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const device = fakeDevice('prompt', 'denied');
    expect(await login(device, 'ok')).toBe(true);
    expect(info).toHaveBeenCalledWith('Push notifications: permission denied');
    expect(device.state.registers).toBe(0);
    expect(device.sent).toEqual([]);
    info.mockRestore();
  });

  it('a device denied in its settings is not prompted (only logged)', async () => {
    const device = fakeDevice('denied', 'denied');
    expect(await login(device)).toBe(false);
    expect(preferences.get('pushPromptHistory').count).toBe(0);
    expect(device.sent).toEqual([]);
  });
});
