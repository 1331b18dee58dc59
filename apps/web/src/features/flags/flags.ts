import type { FlagName, FlagValue, getFlags, ResponseOf } from '@eh/contracts';
import { MAINTENANCE_DEFAULT_MESSAGE } from '../../shared/constants.ts';

export type FlagsResponse = ResponseOf<typeof getFlags>;
export type FlagMap = FlagsResponse['flags'];
export type FlagPlatform = FlagsResponse['platform'];

/** SPEC §1: the maintenance flag of this product for each platform. */
export const MAINTENANCE_FLAG = {
  web: 'ehMaintenanceModeWeb',
  mobile: 'ehMaintenanceModeMobile',
} as const satisfies Record<FlagPlatform, FlagName>;

export const BANNER_FLAG = 'bannerMessage' satisfies FlagName;
export const DEV_FLAG = 'dev' satisfies FlagName;

function flag(flags: FlagMap | undefined, name: FlagName): FlagValue | undefined {
  return flags?.[name];
}

export interface MaintenanceState {
  active: boolean;
  message: string;
}

/** The maintenance screen for this platform: on when its flag is enabled, with the server's message or ours. */
export function selectMaintenance(flags: FlagMap | undefined, platform: FlagPlatform): MaintenanceState {
  const value = flag(flags, MAINTENANCE_FLAG[platform]);
  const message = value?.message?.trim();
  return { active: value?.enabled === true, message: message || MAINTENANCE_DEFAULT_MESSAGE };
}

/** The banner text while bannerMessage is enabled with a message; null otherwise. */
export function selectBannerMessage(flags: FlagMap | undefined): string | null {
  const value = flag(flags, BANNER_FLAG);
  const message = value?.message?.trim();
  return value?.enabled && message ? message : null;
}

/** Developer tools show only while the dev flag is on. */
export function selectDevMode(flags: FlagMap | undefined): boolean {
  return flag(flags, DEV_FLAG)?.enabled === true;
}
