/**
 * The calendar on the wire (decision 0017): a season week by column stays within its budget, and every encoding a
 * browser may ask for carries the very bytes of the uncompressed answer, before and after the brotli form is
 * remade at its best quality in the background.
 */
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { EarningsCalendarColumns } from '@eh/contracts';
import { assets, earnings } from '@eh/db';
import { seededRandom, weekWindow } from '@eh/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEASON_WEEK_MAX_BYTES, SEASON_WEEK_REPORTS } from '../../src/modules/earnings/service.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
/** A week no demo data reaches: only this suite's reports. */
const WEEK = weekWindow('2093-03-02');
const PATH = `/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`;

/** Every company of a season reports once, mostly mid-week, before the open or after the close. */
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const random = seededRandom(17);
  const symbols = Array.from({ length: SEASON_WEEK_REPORTS }, (_, i) => `ZW${String(i).padStart(4, '0')}`);
  await db.insert(assets).values(
    symbols.map((symbol, i) => ({
      symbol,
      symbolUpper: symbol,
      name: `Wire Company ${i} Inc.`,
      type: 'stock' as const,
      exchange: i % 3 === 0 ? 'NYSE' : 'NASDAQ',
      sector: 'Technology',
      marketCap: Math.round(2e12 / (1 + i) ** 1.1),
      popularity: 0,
      source: 'test',
    })),
  );
  const stored = await db.select({ id: assets.id }).from(assets).where(inArray(assets.symbolUpper, symbols));
  await db.insert(earnings).values(
    stored.map(({ id }, i) => {
      const known = random() < 0.9;
      const before = random() < 0.5;
      // Full-precision figures, as a vendor's averages arrive: the hardest case for the byte budget.
      const estimate = 0.5 + random() * 3;
      return {
        assetId: id,
        periodYear: 2093,
        period: 'Q1' as const,
        date: WEEK.days[Math.floor(random() * WEEK.days.length)] ?? WEEK.start,
        time: known ? (before ? '07:30' : '16:05') : null,
        session: known ? (before ? ('before' as const) : ('after' as const)) : null,
        dateStatus: random() < 0.7 ? ('confirmed' as const) : ('estimated' as const),
        dateSource: 'test',
        epsEstimate: estimate,
        epsPriorYear: estimate * (0.8 + random() * 0.3),
        revenueEstimate: 1e9 + i * 1e6,
        revenuePriorYear: (1e9 + i * 1e6) * 0.9,
        estimateCount: 5 + (i % 20),
        source: 'test',
      };
    }),
  );
});
afterAll(async () => server?.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they travel (fetch would decode them). */
function raw(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpGet(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('the calendar on the wire', () => {
  it(`keeps a season week of ${SEASON_WEEK_REPORTS} reports within ${SEASON_WEEK_MAX_BYTES / 1024} KB by column, under half a report's bytes as rows`, async () => {
    const rows = await raw(PATH, { 'accept-encoding': 'identity' });
    const columns = await raw(`${PATH}&shape=columns`, { 'accept-encoding': 'identity' });
    expect(columns.status).toBe(200);
    const answer = JSON.parse(columns.body.toString()) as EarningsCalendarColumns;
    expect(answer.count).toBe(SEASON_WEEK_REPORTS);
    expect(JSON.parse(rows.body.toString()).earnings).toHaveLength(SEASON_WEEK_REPORTS);
    expect(columns.body.length).toBeLessThanOrEqual(SEASON_WEEK_MAX_BYTES);
    expect(columns.body.length / answer.count).toBeLessThanOrEqual(rows.body.length / answer.count / 2);
  });

  it('sends the same bytes gzip and brotli compressed, and the same after brotli is remade smaller', async () => {
    const path = `${PATH}&shape=columns`;
    const identity = await raw(path, { 'accept-encoding': 'identity' });
    const gzip = await raw(path, { 'accept-encoding': 'gzip' });
    const first = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).equals(identity.body)).toBe(true);
    for (const answer of [gzip, first]) {
      expect(answer.headers.etag).toBe(identity.headers.etag);
      expect(answer.body.length).toBeLessThan(identity.body.length / 4);
    }
    // The best brotli form is made in the background once the answer is cached.
    let later = first;
    for (let waited = 0; later.body.length >= first.body.length && waited < 30_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      later = await raw(path, { 'accept-encoding': 'br' });
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).equals(identity.body)).toBe(true);
    expect(later.headers.etag).toBe(identity.headers.etag);
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
  });
});
