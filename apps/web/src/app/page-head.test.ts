import { describe, expect, it } from 'vitest';
import { pageById } from '../shared/page-content.ts';
import { REDIRECTS, ROUTE_PATHS } from '../shared/routes.ts';
import { pageHead, pageHeadHtml, pageStatus, symbolOfPath } from './page-head.ts';

/** Wednesday 2026-11-25, 10:00 in New York. */
const NOW = new Date('2026-11-25T15:00:00Z');
const APPLE = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  type: 'stock',
  exchange: 'NASDAQ',
  sector: 'Information Technology',
  industry: 'Technology Hardware, Storage & Peripherals',
};

describe('page heads', () => {
  it('gives the home and its aliases their heading and lead', () => {
    for (const [path, id] of [
      ['/', 'home'],
      ['/home', 'homeAlias'],
      ['/Dashboard', 'dashboard'],
      ['/CNBC', 'partnerCnbc'],
    ] as const)
      expect(pageHead(path, NOW)).toEqual({
        kind: 'frame',
        title: pageById(id).title,
        description: pageById(id).description,
      });
  });

  it('names the calendar window the URL shows', () => {
    expect(pageHead('/earnings-calendar/this-week', NOW)).toMatchObject({
      kind: 'calendar',
      heading: 'Earnings calendar: this week',
      title: 'Earnings Calendar — week of Nov 23, 2026',
    });
    expect(pageHead('/earnings-list/week-of/2026-11-30', NOW)).toMatchObject({
      heading: 'Earnings list: week of Nov 30, 2026',
    });
    expect(pageHead('/earnings-calendar/month/december-2026', NOW)).toMatchObject({
      heading: 'Earnings calendar: December 2026',
    });
    // A slug naming no day is the page's own "no such week", not a head.
    expect(pageHead('/earnings-calendar/week-of/2026-13-40', NOW)).toBeNull();
  });

  it('writes a symbol page from its asset, and nothing for a symbol without one', () => {
    expect(symbolOfPath('/quote/aapl/price')).toBe('AAPL');
    expect(symbolOfPath('/quote/AAPL/2026/Q3')).toBeNull();
    expect(pageHead('/quote/AAPL/price', NOW, APPLE)).toEqual({
      kind: 'symbol',
      symbol: 'AAPL',
      name: 'Apple Inc.',
      facts: 'Stock · NASDAQ · Information Technology · Technology Hardware, Storage & Peripherals',
      title: 'AAPL Price History · Apple Inc.',
      description: expect.stringMatching(/^Apple Inc\. \(AAPL\): /),
    });
    expect(pageHead('/quote/ZZZZ', NOW, null)).toBeNull();
  });

  it('gives other pages their title and description but leaves their first screen to them', () => {
    const about = pageHead('/about', NOW);
    expect(about).toMatchObject({ kind: 'meta', title: 'About' });
    expect(about && pageHeadHtml(about)).toBe('');
    expect(pageHead('/no/such/page', NOW)).toBeNull();
    // A malformed address is no page of ours, not an error.
    expect(pageHead('/quote/%E0%A4%A', NOW)).toBeNull();
    expect(symbolOfPath('/quote/%E0%A4%A')).toBeNull();
  });

  it('escapes what it writes into the HTML', () => {
    const head = pageHead('/quote/AAPL', NOW, { ...APPLE, name: '<img src=x onerror=alert(1)> & Co' });
    const html = head ? pageHeadHtml(head) : '';
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
  });
});

describe(pageStatus.name, () => {
  it('is 200 for every page and redirect of the route table', () => {
    for (const path of [...ROUTE_PATHS, ...Object.keys(REDIRECTS), '/QUOTE/aapl/Earnings/', '/quote/BRK.B', '//'])
      expect(pageStatus(path, NOW), path).toBe(200);
  });

  it('is 404 where the app draws its not-found page', () => {
    for (const path of [
      '/no-such-page',
      '/no/such/page',
      '/quote/AAPL/nonsense-tab',
      '/quote//AAPL',
      '//x',
      `/${'a'.repeat(2000)}`,
      '/quote/%E0%A4%A',
      // Parameters out of shape: the page itself shows not-found.
      '/quote/not%20a%20symbol',
      '/AAPL/events/abc',
      '/news/0/some-story',
      '/AAPL/Q9/2026/demo-file',
      '/transcripts/bad%20id',
    ])
      expect(pageStatus(path, NOW), path).toBe(404);
  });

  it("is 404 for a calendar window outside the calendar's years", () => {
    expect(pageStatus('/earnings-calendar/week-of/2026-11-23', NOW)).toBe(200);
    expect(pageStatus('/earnings-calendar/week-of/2026-13-40', NOW)).toBe(404);
    expect(pageStatus('/earnings-list/week-of/1800-01-06', NOW)).toBe(404);
    expect(pageStatus('/earnings-calendar/month/smarch-2026', NOW)).toBe(404);
  });
});
