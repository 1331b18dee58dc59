import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, isPrivateHost, webcalUrl } from './calendar-feed-links.ts';

const FEED = 'https://eh.example/api/calendar/AbC-_123.ics';

describe(webcalUrl.name, () => {
  it('swaps the scheme for webcal, whether https or http', () => {
    expect(webcalUrl(FEED)).toBe('webcal://eh.example/api/calendar/AbC-_123.ics');
    expect(webcalUrl('http://localhost:3000/api/calendar/x.ics')).toBe('webcal://localhost:3000/api/calendar/x.ics');
  });
});

describe(googleCalendarUrl.name, () => {
  it('passes the webcal address, encoded, as cid', () => {
    const url = new URL(googleCalendarUrl(FEED));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('cid')).toBe('webcal://eh.example/api/calendar/AbC-_123.ics');
    expect(googleCalendarUrl(FEED)).toContain('cid=webcal%3A%2F%2Feh.example%2Fapi%2Fcalendar%2FAbC-_123.ics');
  });
});

describe(isPrivateHost.name, () => {
  it.each([
    ['http://localhost:3000/a.ics', true],
    ['http://127.0.0.1:3000/a.ics', true],
    ['http://[::1]:3000/a.ics', true],
    ['http://192.168.1.4/a.ics', true],
    ['http://172.20.0.2/a.ics', true],
    ['http://10.0.0.1/a.ics', true],
    ['https://eh.example/a.ics', false],
    ['https://172.32.0.1/a.ics', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isPrivateHost(url)).toBe(expected);
  });
});
