import type { FlagValue } from '@eh/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { FLAGS_POLL_INTERVAL_MS, MAINTENANCE_DEFAULT_MESSAGE } from '../../shared/constants.ts';
import { type FlagMap, selectBannerMessage, selectDevMode, selectMaintenance } from './flags.ts';
import { FLAGS_SUBSCRIPTION, flagsApi, flagsArgs } from './flags-api.ts';

const value = (enabled: boolean, message: string | null = null): FlagValue => ({
  enabled,
  message,
  updatedAt: '2026-11-20T12:00:00.000Z',
});

describe(selectMaintenance.name, () => {
  it('is off without flags', () => {
    expect(selectMaintenance(undefined, 'web')).toEqual({ active: false, message: MAINTENANCE_DEFAULT_MESSAGE });
    expect(selectMaintenance({}, 'mobile').active).toBe(false);
  });

  it('reads the web flag on the web and the mobile flag in the apps', () => {
    const flags: FlagMap = { ehMaintenanceModeWeb: value(true), ehMaintenanceModeMobile: value(false) };
    expect(selectMaintenance(flags, 'web').active).toBe(true);
    expect(selectMaintenance(flags, 'mobile').active).toBe(false);
    const mobileOnly: FlagMap = { ehMaintenanceModeWeb: value(false), ehMaintenanceModeMobile: value(true) };
    expect(selectMaintenance(mobileOnly, 'web').active).toBe(false);
    expect(selectMaintenance(mobileOnly, 'mobile').active).toBe(true);
  });

  it('ignores the sister product’s maintenance flags', () => {
    const flags: FlagMap = { stMaintenanceModeWeb: value(true), stMaintenanceModeMobile: value(true) };
    expect(selectMaintenance(flags, 'web').active).toBe(false);
    expect(selectMaintenance(flags, 'mobile').active).toBe(false);
  });

  it('shows the default message unless the server sends one', () => {
    expect(selectMaintenance({ ehMaintenanceModeWeb: value(true) }, 'web').message).toBe(
      'We are upgrading our services and will be back shortly',
    );
    expect(selectMaintenance({ ehMaintenanceModeWeb: value(true, '   ') }, 'web').message).toBe(
      MAINTENANCE_DEFAULT_MESSAGE,
    );
    expect(selectMaintenance({ ehMaintenanceModeWeb: value(true, 'Back at noon ET') }, 'web').message).toBe(
      'Back at noon ET',
    );
  });
});

describe(selectBannerMessage.name, () => {
  it('shows the message only while the flag is on and has a message', () => {
    expect(selectBannerMessage({ bannerMessage: value(true, 'Earnings season starts Monday') })).toBe(
      'Earnings season starts Monday',
    );
    expect(selectBannerMessage({ bannerMessage: value(false, 'Earnings season starts Monday') })).toBeNull();
    expect(selectBannerMessage({ bannerMessage: value(true, null) })).toBeNull();
    expect(selectBannerMessage({ bannerMessage: value(true, '  ') })).toBeNull();
    expect(selectBannerMessage(undefined)).toBeNull();
  });
});

describe(selectDevMode.name, () => {
  it('is on only while the dev flag is enabled', () => {
    expect(selectDevMode({ dev: value(true) })).toBe(true);
    expect(selectDevMode({ dev: value(false) })).toBe(false);
    expect(selectDevMode(undefined)).toBe(false);
  });
});

/** The fake clock's smallest step, which the task a request is prepared in takes. */
const REQUEST_TASK_MS = 1;

describe('flags polling', () => {
  const requests: Request[] = [];
  let enabled = false;

  beforeEach(() => {
    vi.useFakeTimers();
    requests.length = 0;
    enabled = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        requests.push(request);
        const body = { app: 'earningshub', platform: 'web', flags: { ehMaintenanceModeWeb: value(enabled) } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('polls every 60 s, also in the background', () => {
    expect(FLAGS_POLL_INTERVAL_MS).toBe(60_000);
    expect(FLAGS_SUBSCRIPTION).toEqual({ pollingInterval: 60_000, skipPollingIfUnfocused: false });
  });

  it('asks for this app and platform with the client headers, then again every 60 s', async () => {
    const store = makeStore();
    const subscription = store.dispatch(
      flagsApi.endpoints.getFlags.initiate(flagsArgs(), { subscriptionOptions: FLAGS_SUBSCRIPTION }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/api/core/flags');
    expect(url.searchParams.get('app')).toBe('earningshub');
    expect(url.searchParams.get('platform')).toBe('web');
    expect(requests[0]?.headers.get('x-client-platform')).toBe('web');
    expect(requests[0]?.headers.get('x-client-build')).toBe('211');

    const select = flagsApi.endpoints.getFlags.select(flagsArgs());
    expect(selectMaintenance(select(store.getState()).data?.flags, 'web').active).toBe(false);

    enabled = true;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(requests).toHaveLength(1);
    // Each request is prepared in a task of its own (shared/api.ts): a timer tick after the poll's, and the next poll
    // counts from that answer.
    await vi.advanceTimersByTimeAsync(1_000 + REQUEST_TASK_MS);
    expect(requests).toHaveLength(2);
    expect(selectMaintenance(select(store.getState()).data?.flags, 'web').active).toBe(true);

    await vi.advanceTimersByTimeAsync(60_000 + REQUEST_TASK_MS);
    expect(requests).toHaveLength(3);

    subscription.unsubscribe();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(requests).toHaveLength(3);
  });
});
