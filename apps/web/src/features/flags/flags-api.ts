import type { getFlags, QueryOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { flagPlatform } from '../../platform/platform.ts';
import { api } from '../../shared/api.ts';
import { FLAGS_POLL_INTERVAL_MS, PRODUCT_APP } from '../../shared/constants.ts';
import type { FlagPlatform, FlagsResponse } from './flags.ts';

const FLAGS_PATH = paths.getFlags;

export interface FlagsArgs {
  app: typeof PRODUCT_APP;
  platform: FlagPlatform;
}

export const flagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFlags: build.query<FlagsResponse, FlagsArgs>({
      query: ({ app, platform }) => ({
        url: FLAGS_PATH,
        params: { app, platform } satisfies QueryOf<typeof getFlags>,
      }),
      providesTags: ['Flags'],
    }),
  }),
});

/** The one flags request of this client: app=earningshub and this platform (web, or mobile in the native apps). */
export function flagsArgs(): FlagsArgs {
  return { app: PRODUCT_APP, platform: flagPlatform() };
}

/** SPEC §7/§9: flags are polled every 60 s, also while the tab is in the background (maintenance must land). */
export const FLAGS_SUBSCRIPTION = {
  pollingInterval: FLAGS_POLL_INTERVAL_MS,
  skipPollingIfUnfocused: false,
} as const;

export const { useGetFlagsQuery } = flagsApi;

/** The flags as last fetched (every component reads the same polled cache entry). */
export function useFlags() {
  return useGetFlagsQuery(flagsArgs(), FLAGS_SUBSCRIPTION);
}
