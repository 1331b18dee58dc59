/** The settings-sync feature's public face: what other features use of it. */
export { usePreference } from './live-preferences.ts';
