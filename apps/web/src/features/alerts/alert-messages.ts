/** SPEC §8 alert subscription messages, word for word. */
export const ALERT_SIGN_IN_MESSAGE = 'Please sign in to subscribe to alerts.';
export const ALERT_SIGN_IN_DURATION_MS = 3000;
/** SPEC §8: the success toast stays 5 s on web. */
export const ALERT_ADDED_DURATION_MS = 5000;

export const alertFailedMessage = (symbol: string) => `Failed to subscribe to alerts for ${symbol}.`;
export const alertAddedMessage = (symbol: string) => `Added default alerts for ${symbol}`;
export const alertRemovedMessage = (symbol: string) => `Removed alerts for ${symbol}`;
export const alertRestoredMessage = (symbol: string) => `Restored alerts for ${symbol}`;
export const alertRestoreFailedMessage = (symbol: string) => `Failed to restore alerts for ${symbol}.`;
/** The removed toast's button, which puts the symbol's alerts back as they were. */
export const ALERT_UNDO_LABEL = 'Undo';
