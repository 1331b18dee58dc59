/** Every channel of the message bus (DESIGN §2), by name: what is published on each and who listens. */

/** Data messages for live clients (SPEC §7 incoming types); every sync node listens and sends them on (live.ts). */
export const LIVE_CHANNEL = 'live';

/**
 * Published after market data is committed (`{ datasets: ['earnings', …] }`). Every node's caches of earnings
 * answers drop their entries on it (a message without datasets clears them too), sync nodes send what is new, and
 * the notification triggers look for new events.
 */
export const MARKET_CHANGED_CHANNEL = 'market.changed';

/** Published when an admin sets a feature flag (`{ name }`). */
export const FLAGS_CHANNEL = 'flags';

export type Channel = typeof LIVE_CHANNEL | typeof MARKET_CHANGED_CHANNEL | typeof FLAGS_CHANNEL;
