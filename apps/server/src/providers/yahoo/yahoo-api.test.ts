import { describe, expect, it } from 'vitest';
import { createRateLimiter, createVendorHttpClient } from '../http.ts';
import { createYahooApi } from './yahoo-api.ts';

/**
 * yahoo-finance2 v4 runs for real here; only Yahoo is played by a fetch stand-in at the HTTP boundary: the cookie
 * page, the crumb endpoint and the module endpoints, answering as Yahoo does.
 */
function fakeYahoo() {
  const urls: string[] = [];
  const expires = new Date(Date.now() + 86_400_000).toUTCString();
  const impl = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url.href);
    if (url.hostname === 'finance.yahoo.com') {
      return new Response('', {
        status: 200,
        headers: { 'set-cookie': `A3=d=test; Expires=${expires}; Domain=.yahoo.com; Path=/; Secure` },
      });
    }
    if (url.pathname === '/v1/test/getcrumb') return new Response('crumb-1', { status: 200 });
    if (url.pathname.startsWith('/v10/finance/quoteSummary/')) {
      return Response.json({
        quoteSummary: { result: [{ earnings: { earningsChart: { quarterly: [] } } }], error: null },
      });
    }
    if (url.pathname.startsWith('/v8/finance/chart/')) {
      return Response.json({ chart: { result: [{ meta: { symbol: 'MSFT' }, timestamp: [] }], error: null } });
    }
    return new Response('{"finance":{"result":null,"error":{"code":"Not Found","description":"no"}}}', { status: 404 });
  }) as typeof fetch;
  return { impl, urls };
}

describe(createYahooApi.name, () => {
  it('lets the library set up its session and returns the raw body of the module call', async () => {
    const yahoo = fakeYahoo();
    const http = createVendorHttpClient({
      provider: 'yahoo-test',
      userAgent: 'EarningsHub tests',
      requestsPerSecond: 1000,
      fetch: yahoo.impl,
      limiter: createRateLimiter(1000),
    });
    const api = createYahooApi(http);
    const summary = await api.quoteSummary('AAPL');
    expect(summary?.body).toEqual({
      quoteSummary: { result: [{ earnings: { earningsChart: { quarterly: [] } } }], error: null },
    });
    const moduleCall = yahoo.urls.find((u) => u.includes('/quoteSummary/AAPL'));
    expect(moduleCall).toContain('crumb=crumb-1');
    expect(moduleCall).toContain('modules=earnings%2CearningsHistory');

    const [chart] = await api.chart('MSFT', {
      period1: new Date('2021-02-01T00:00:00Z'),
      period2: new Date('2022-02-01T00:00:00Z'),
      interval: '1d',
    });
    expect(chart?.body).toEqual({ chart: { result: [{ meta: { symbol: 'MSFT' }, timestamp: [] }], error: null } });
    expect(yahoo.urls.find((u) => u.includes('/chart/MSFT'))).toContain('events=div%7Csplit');
    expect(await api.recordedSymbols('quote')).toBeNull();
  });
});
