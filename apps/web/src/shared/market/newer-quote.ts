/** How often a shown quote is polled, beside the live socket (a poll never overwrites a newer streamed quote). */
export const QUOTE_POLL_MS = 60_000;

/** Of two quotes of one asset, the one struck later (the held one on a tie: nothing newer arrived). */
export function newerQuote<Q extends { quotedAt: string }>(held: Q, incoming: Q): Q {
  return Date.parse(incoming.quotedAt) > Date.parse(held.quotedAt) ? incoming : held;
}
