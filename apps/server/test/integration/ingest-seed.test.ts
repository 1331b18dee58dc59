import { assets, earnings, earningsDateChanges, ingestionRuns, rowsOf, seedRuns } from '@eh/db';
import { addDays, EH500_INDEX_ID, nyDate } from '@eh/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIER_VIEW_DAYS, marketSeed } from '../../src/modules/market-history/demo-market.ts';
import { HISTORY_STEPS, historyStatus } from '../../src/modules/market-history/history.ts';
import type { EarningsRecord, ProviderFactory } from '../../src/providers/index.ts';
import { runSeeds } from '../../src/seed/index.ts';
import { fakeProvider } from '../fake-provider.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ROLES: 'api' });
});
afterAll(async () => {
  await server?.close();
});
const seedEnv = () => ({ config: server.config, embedded: server.ctx.database.driver === 'pglite' });

/**
 * A market whose next report was estimated three weeks ago and has been confirmed, a day later, since: what the
 * demo provider does for the companies that announced their date in between.
 */
const market =
  (symbol: string, fail = false): ProviderFactory =>
  ({ now = new Date() }) => {
    const today = nyDate(now);
    const early = Date.now() - now.getTime() > (EARLIER_VIEW_DAYS - 1) * 86_400_000;
    const next: EarningsRecord = {
      symbol,
      type: 'stock',
      periodYear: 2026,
      period: 'Q2',
      date: early ? addDays(today, 30) : addDays(today, 10),
      time: early ? null : '16:05',
      session: 'after',
      dateStatus: early ? 'estimated' : 'confirmed',
    };
    return fakeProvider('seeded', {
      assets: [[{ symbol, type: 'stock', name: `${symbol} Industries`, marketCap: 5e9 }]],
      earnings: [[next]],
      ...(fail && !early ? { quotes: [new Error('the feed is down')] } : {}),
    });
  };

describe('market seed', () => {
  it('ingests the earlier calendar view, then today’s, leaving the date’s history', async () => {
    const applied = await runSeeds(server.ctx.db, seedEnv(), [
      marketSeed('test-market', 'seeded', () => market('ZQSEED')),
    ]);
    expect(applied).toEqual(['test-market']);
    const [asset] = await server.ctx.db.select().from(assets).where(eq(assets.symbolUpper, 'ZQSEED'));
    const [row] = await server.ctx.db
      .select()
      .from(earnings)
      .where(eq(earnings.assetId, asset?.id ?? 0));
    expect(row).toMatchObject({ dateStatus: 'confirmed', time: '16:05', source: 'seeded' });
    const changes = await server.ctx.db
      .select()
      .from(earningsDateChanges)
      .where(eq(earningsDateChanges.earningsId, row?.id ?? 0));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ oldStatus: 'estimated', newStatus: 'confirmed', newDate: row?.date });
    expect(changes[0]?.oldDate).not.toBe(row?.date);
  });

  it('fails whole when the provider fails, stores nothing of it, and stays unrecorded for the next start', async () => {
    const seed = marketSeed('broken-market', 'seeded', () => market('ZQBROKE', true));
    await expect(runSeeds(server.ctx.db, seedEnv(), [seed])).rejects.toThrow(
      /quotes failed \(fetching batch 1 failed: the feed is down\)/,
    );
    expect(await server.ctx.db.select().from(assets).where(eq(assets.symbolUpper, 'ZQBROKE'))).toEqual([]);
    expect(await server.ctx.db.select().from(seedRuns).where(eq(seedRuns.name, 'broken-market'))).toEqual([]);
  });

  it('does not apply without SEED_DEMO or without the provider', () => {
    const seed = marketSeed('x', 'seeded', () => market('ZQX'));
    expect(seed.applies?.({ ...seedEnv(), config: { ...server.config, SEED_DEMO: false } })).toBe(false);
    expect(marketSeed('y', 'missing', () => undefined).applies?.(seedEnv())).toBe(false);
    expect(seed.applies?.(seedEnv())).toBe(true);
  });
});

describe('the demo market seed', () => {
  it('filled this database on its first start: the universe, the earlier calendar view’s history, metrics and EH500', async () => {
    const db = server.ctx.db;
    const counts = async (query: SQL) => rowsOf<Record<string, number>>(await db.execute(query))[0] ?? {};
    const universe = await counts(sql`
      select count(*) filter (where type = 'stock')::int as stocks, count(*) filter (where type = 'crypto')::int as crypto,
        count(*) filter (where type = 'otc')::int as otc, count(*) filter (where source <> 'demo')::int as foreign
      from ${assets} where source = 'demo' or symbol_upper not like 'ZQ%'`);
    expect(universe.stocks).toBeGreaterThanOrEqual(500);
    expect(universe.crypto).toBeGreaterThanOrEqual(50);
    expect(universe.otc).toBeGreaterThanOrEqual(50);
    expect(universe.foreign).toBe(0);
    const facts = await counts(sql`
      select (select count(*) from ${earningsDateChanges} c where c.source = 'demo')::int as changes,
        (select count(*) from ${ingestionRuns} r where r.provider = 'demo' and r.status <> 'succeeded')::int as bad_runs,
        (select count(*) from ${ingestionRuns} r where r.provider = 'demo')::int as runs,
        (select count(*) from index_constituents where index_id = ${EH500_INDEX_ID})::int as eh500,
        (select count(*) from metrics)::int as metrics`);
    // Dates estimated three weeks ago and confirmed or moved since carry their history.
    expect(facts.changes).toBeGreaterThan(0);
    expect(facts.bad_runs).toBe(0);
    // The first pages (7 datasets) and the earlier view's earnings, then each history step's datasets.
    expect(facts.runs).toBe(7 + 1 + HISTORY_STEPS.reduce((sum, step) => sum + (step.datasets?.length ?? 0), 0));
    expect(await historyStatus(db, 'demo-market')).toMatchObject({ state: 'done', percent: 100 });
    expect(facts.eh500).toBe(500);
    expect(facts.metrics).toBeGreaterThan(0);
  });
});
