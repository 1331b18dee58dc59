import { ALERT_SETTINGS } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { alertRestoreBody } from './alert-restore.ts';
import type { Alert } from './alerts-api.ts';

describe(alertRestoreBody.name, () => {
  it('sends the symbol and every switch as it was, on or off, and nothing else of the alert', () => {
    // Every other switch on: the body must say off for the defaults that were off and on for the rest.
    const alert: Alert = {
      userId: '00000000-0000-4000-8000-000000000001',
      symbol: 'AAPL',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-03T03:04:05.000Z',
      ...Object.fromEntries(ALERT_SETTINGS.map((setting, index) => [setting, index % 2 === 0])),
    } as Alert;
    expect(alertRestoreBody(alert)).toEqual({
      symbol: 'AAPL',
      liveCall: true,
      earningsResults: false,
      eventTranscript: true,
      eventTranscriptSummary: false,
      dailySummary: true,
      weeklySummary: false,
      analystRatings: true,
      guidance: false,
      dividendPayment: true,
      earningsReminder: false,
      notifyByEmail: true,
      notifyBySms: false,
      notifyByPush: true,
    });
  });
});
