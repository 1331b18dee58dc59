import { jobs } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDueSchedules } from '../../src/jobs/schedules.ts';
import { claim, recoverOrphans } from '../../src/kernel/jobs/queue.ts';
import type { Schedule } from '../../src/kernel/jobs/schedule.ts';
import { marketSeed } from '../../src/modules/market-history/demo-market.ts';
import { fillHistoryNow, HISTORY_JOB, HISTORY_STEPS, historyStatus } from '../../src/modules/market-history/history.ts';
import type { ProviderFactory } from '../../src/providers/index.ts';
import type { Dataset } from '../../src/providers/types.ts';
import { runSeeds } from '../../src/seed/index.ts';
import { fakeProvider } from '../fake-provider.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ROLES: 'api' });
});
afterAll(async () => server?.close());

const SEED = 'history-market';
/** Every dataset the fake serves was asked for, in the order asked. */
const asked: Dataset[] = [];
const factory: ProviderFactory = () => {
  const provider = fakeProvider('historied', {
    assets: [[{ symbol: 'ZQHIST', type: 'stock', name: 'ZQ History Inc', marketCap: 4e9 }]],
    quotes: [[{ symbol: 'ZQHIST', type: 'stock', price: 10, quotedAt: new Date() }]],
    news: [[]],
    filings: [[]],
    intradayBars: [[]],
  });
  const fetch = provider.fetch.bind(provider);
  provider.fetch = (dataset, params) => {
    asked.push(dataset);
    return fetch(dataset, params);
  };
  return provider;
};
// Due whenever it is not held back, so only the history can hold it.
const roll: Schedule = { name: 'historied-roll', provider: 'historied', every: 1, enabled: () => true };

describe('the market history', () => {
  it('is queued by the first start, fills in order, resumes after a crash, and holds the daily roll until done', async () => {
    const db = server.ctx.db;
    const env = { config: server.config, embedded: server.ctx.database.driver === 'pglite' };
    expect(await runSeeds(db, env, [marketSeed(SEED, 'historied', () => factory)])).toEqual([SEED]);
    expect(await historyStatus(db, SEED)).toMatchObject({ state: 'filling', percent: 0, stepsDone: 0 });
    const res = await server.api('/api/core/market-history');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await body(res)).toMatchObject({ state: 'done' }); // the endpoint reports the demo market, filled here

    // The roll waits while a step is queued.
    expect(await enqueueDueSchedules(db, server.config, [roll])).toEqual([]);

    // The first step waits its turn behind the newcomer's first page; then a process claims it and dies with it:
    // the next start on the embedded database gives it back.
    expect(await claim(db, 'early-host:1:abc', { names: [HISTORY_JOB] })).toEqual([]);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.name, HISTORY_JOB));
    const [taken] = await claim(db, 'dead-host:1:abc', { names: [HISTORY_JOB] });
    expect(taken?.payload).toMatchObject({ step: 0, seed: SEED });
    expect(await recoverOrphans(db, 'live-host:2:')).toEqual([taken?.id]);

    asked.length = 0;
    const providers = { historied: factory };
    expect(await fillHistoryNow({ db, config: server.config, providers })).toBe(HISTORY_STEPS.length);
    const served = new Set<Dataset>(['news', 'filings', 'intradayBars']);
    const expected = HISTORY_STEPS.flatMap((step) => (step.datasets ?? []).filter((d) => served.has(d)));
    expect(asked).toEqual(expected);
    expect(await historyStatus(db, SEED)).toMatchObject({ state: 'done', percent: 100 });
    const queued = await db.select().from(jobs).where(eq(jobs.name, HISTORY_JOB));
    expect(queued.every((job) => job.status === 'done')).toBe(true);

    // Done: nothing more to run, and the roll goes ahead.
    expect(await fillHistoryNow({ db, config: server.config, providers })).toBe(0);
    expect(await enqueueDueSchedules(db, server.config, [roll])).toEqual(['historied-roll']);
  }, 600_000);
});
