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

/**
 * Published after a user's lists change (created, renamed, an item added or removed, deleted) or their alerts do
 * (SPEC's "all-alerts" list): `{ userId }`. Every sync node reads that user's followed lists and custom group again
 * at once, so their other devices follow the change within the second rather than at the next periodic re-read.
 */
export const LISTS_CHANGED_CHANNEL = 'lists.changed';

/** What {@link LISTS_CHANGED_CHANNEL} carries. */
export interface ListsChanged {
  userId: string;
}

/**
 * Published after a write that changes what a signed-in caller may do: a session signed out, a plan, a
 * subscription, a team's members, an account deleted (`{}`). Every node forgets the sessions and plan features it
 * remembers (account-memory.ts).
 */
export const ACCOUNTS_CHANGED_CHANNEL = 'accounts.changed';

export type Channel =
  | typeof LIVE_CHANNEL
  | typeof MARKET_CHANGED_CHANNEL
  | typeof FLAGS_CHANNEL
  | typeof LISTS_CHANGED_CHANNEL
  | typeof ACCOUNTS_CHANGED_CHANNEL;
