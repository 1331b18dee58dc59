/** What the live indicator says (only what is true: streaming, trying again, or given up). */
export const LIVE_WORDS = {
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Live updates stopped',
} as const;
