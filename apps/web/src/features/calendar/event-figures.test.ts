import { describe, expect, it } from 'vitest';
import { eventFigures } from './event-figures.ts';

const NY = 'America/New_York';

describe(eventFigures.name, () => {
  it('shows an economic release’s figures with their unit, and says when the actual is not out yet', () => {
    const rows = eventFigures(
      {
        eventType: 'economic',
        details: {
          country: 'US',
          importance: 'high',
          indicator: 'cpi',
          period: 'Oct 2026',
          unit: '%',
          actual: null,
          forecast: 2.9,
          previous: 3,
        },
      },
      NY,
    );
    expect(rows).toEqual([
      { label: 'Actual', value: 'Not released yet' },
      { label: 'Forecast', value: '2.9%' },
      { label: 'Previous', value: '3%' },
      { label: 'Period', value: 'Oct 2026' },
      { label: 'Importance', value: 'High' },
      { label: 'Country', value: 'US' },
    ]);
    expect(eventFigures({ eventType: 'economic', details: { unit: 'K', actual: 228, forecast: 220 } }, NY)[0]).toEqual({
      label: 'Actual',
      value: '228 K',
    });
  });

  it('reads a Fed decision as a decision and a target range', () => {
    const rows = eventFigures(
      {
        eventType: 'economic_fed',
        details: {
          decision: 'cut',
          changeBps: -25,
          rateLow: 3.5,
          rateHigh: 3.75,
          previousLow: 3.75,
          previousHigh: 4,
          meetingStart: '2026-12-08',
        },
      },
      NY,
    );
    expect(rows.slice(0, 3)).toEqual([
      { label: 'Decision', value: 'Cut (−25 bp)' },
      { label: 'Target range', value: '3.50%–3.75%' },
      { label: 'Previous range', value: '3.75%–4.00%' },
    ]);
  });

  it('gives an IPO’s terms and leaves out internal keys', () => {
    const rows = eventFigures(
      {
        eventType: 'ipo',
        details: {
          demo: true,
          symbol: 'REEN',
          company: 'Redwood Energy, Inc.',
          dealSize: 306000000,
          exchange: 'NYSE',
          ipoPrice: null,
          priceRangeLow: 12,
          sharesOffered: 18000000,
          priceRangeHigh: 15,
        },
      },
      NY,
    );
    expect(rows).toEqual([
      { label: 'Exchange', value: 'NYSE' },
      { label: 'Price range', value: '$12.00 – $15.00' },
      { label: 'Offer price', value: 'Not priced yet' },
      { label: 'Shares offered', value: '18.0M' },
      { label: 'Deal size', value: '$306M' },
    ]);
  });

  it('shows a call’s release time in the reader’s zone and keeps unknown keys, links as links', () => {
    const rows = eventFigures(
      {
        eventType: 'call',
        details: {
          session: 'after',
          releaseAt: '2026-11-24T21:05:00.000Z',
          hasTranscript: true,
          webcast: 'https://ir.example/webcast',
        },
      },
      'Europe/Paris',
    );
    expect(rows).toEqual([
      { label: 'Results released', value: 'Nov 24, 2026, 10:05 PM GMT+1' },
      { label: 'Transcript', value: 'Yes, after the call' },
      { label: 'webcast', value: 'https://ir.example/webcast', href: 'https://ir.example/webcast' },
    ]);
  });

  it('says a dividend’s amount and dates as the rest of the page does', () => {
    const rows = eventFigures(
      {
        eventType: 'dividend_ex',
        details: { amount: 0.24, frequency: 4, paymentDate: '2026-12-15', recordDate: '2026-11-28' },
      },
      NY,
    );
    expect(rows).toEqual([
      { label: 'Amount', value: '$0.24' },
      { label: 'Record date', value: 'Nov 28, 2026' },
      { label: 'Payment date', value: 'Dec 15, 2026' },
    ]);
  });

  it('writes a negative figure with the minus sign', () => {
    expect(eventFigures({ eventType: 'economic', details: { unit: '%', actual: -0.3 } }, NY)[0]).toEqual({
      label: 'Actual',
      value: '−0.3%',
    });
  });
});
