/**
 * Every user-visible string, limit and default of the web shell that SPEC names lives here, once (DESIGN §7).
 * Feature-specific constants live in their feature folder; this module holds what the shell shares.
 */

/** Display name (DESIGN §1: from configuration). */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME || 'EarningsHub';

/** Base URL of the REST API; paths of the contracts are relative to it. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL || '/api';

/** The web client's version (package.json, injected at build time). */
export const CLIENT_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';

/** `app` of the flags and socket calls (DESIGN §1). */
export const PRODUCT_APP = 'earningshub';

/** SPEC §9: flags are polled every 60 s. */
export const FLAGS_POLL_INTERVAL_MS = 60_000;

/** SPEC §9: unused cache entries are kept 60 s (RTK Query takes seconds). */
export const KEEP_UNUSED_DATA_FOR_S = 60;

/** A request that takes longer fails with TIMEOUT_ERROR (SPEC §8). */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Longest a request waits for a stored session to be restored before it goes out anonymous (api.ts): restoring
 * loads the identity client and may refresh the tokens over the network.
 */
export const SESSION_RESTORE_WAIT_MS = 5_000;

/** Toast durations (SPEC §8: errors 3 s, otherwise 5 s). */
export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 3000;

/** SPEC §1: the maintenance page's message unless the server sends one. */
export const MAINTENANCE_DEFAULT_MESSAGE = 'We are upgrading our services and will be back shortly';
export const MAINTENANCE_HEADING = 'Down for maintenance';

/** SPEC §2: the router's default error page. */
export const ROUTER_ERROR_HEADING = 'Unexpected Application Error!';

export const NOT_FOUND_HEADING = 'Page not found';

/** SPEC §9: recent searches kept locally. */
export const RECENT_SYMBOLS_MAX = 5;

/** Shown on /dev while the `dev` flag is off. */
export const DEV_TOOLS_OFF = 'Developer tools are turned off';

export const FEEDBACK_SUCCESS = 'Thanks — your feedback reached the team';

/** Separator of document titles: "About · EarningsHub". */
export function documentTitle(page: string): string {
  return page ? `${page} · ${APP_NAME}` : APP_NAME;
}
