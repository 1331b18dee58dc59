import { describe, expect, it } from 'vitest';
import type { MarketStatusResponse } from './market-api.ts';
import { marketStatusLine } from './market-status.ts';

const base: MarketStatusResponse = {
  now: '2026-11-22T16:35:05.703Z',
  timeZone: 'America/New_York',
  status: 'closed',
  date: '2026-11-22',
  dayStatus: 'closed',
  holiday: null,
  hours: null,
  nextOpen: '2026-11-23T14:30:00.000Z',
  nextClose: '2026-11-23T21:00:00.000Z',
};

describe(marketStatusLine.name, () => {
  it('gives the next open with its weekday when closed', () => {
    expect(marketStatusLine(base, 'America/New_York')).toEqual({
      label: 'Market closed',
      detail: 'Opens Mon, 9:30 AM EST',
      open: false,
    });
  });
  it('gives the close in the reader’s zone when open, noting an early close', () => {
    const line = marketStatusLine(
      { ...base, status: 'open', dayStatus: 'early-close', nextClose: '2026-11-27T18:00:00.000Z' },
      'Europe/Paris',
    );
    expect(line).toEqual({ label: 'Market open', detail: 'Closes 7:00 PM GMT+1 (early close)', open: true });
  });
  it('names the holiday', () => {
    expect(marketStatusLine({ ...base, holiday: 'Thanksgiving Day' }, 'America/New_York').detail).toBe(
      'Thanksgiving Day. Opens Mon, 9:30 AM EST',
    );
  });
});
