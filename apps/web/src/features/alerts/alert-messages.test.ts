import { describe, expect, it } from 'vitest';
import { ALERT_SIGN_IN_MESSAGE, alertAddedMessage, alertFailedMessage } from './alert-messages.ts';

describe('SPEC §8 alert messages', () => {
  it('are word for word', () => {
    expect(ALERT_SIGN_IN_MESSAGE).toBe('Please sign in to subscribe to alerts.');
    expect(alertFailedMessage('AAPL')).toBe('Failed to subscribe to alerts for AAPL.');
    expect(alertAddedMessage('AAPL')).toBe('Added default alerts for AAPL');
  });
});
