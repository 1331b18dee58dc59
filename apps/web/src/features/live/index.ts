/** The live feature's public face: what other features use of it. */
export type { LiveStatus } from './live-client.ts';
export { useLiveQuotes, useLiveStatus, useLiveTargets } from './live-follows.ts';
export { LiveIndicator } from './live-indicator.tsx';
