import { MS_PER_DAY, nyDate } from '@eh/domain';
import type { Seed } from '../../kernel/seed.ts';
import { PROVIDERS, type ProviderFactory } from '../../providers/index.ts';
import { enqueueHistory, firstPagesPlan, HISTORY_START_DELAY_MS, ingestChecked } from './history.ts';

/**
 * How far back the first look at the calendar is taken. Ingesting that earlier view first and today's after it
 * leaves what a real feed leaves: estimates that were confirmed or moved since, each with its history row.
 */
export const EARLIER_VIEW_DAYS = 21;

/**
 * A market seeded from a provider. Before the server listens: today's universe and quotes, the earlier calendar
 * view, then today's recent bars and calendar (what the first pages show). The history (older bars, news, filings, analysts,
 * metrics and EH500) is queued for the worker (history.ts), generated as of this same instant.
 */
export function marketSeed(name: string, providerName: string, factory: () => ProviderFactory | undefined): Seed {
  return {
    name,
    // Market data, not accounts: it belongs on PostgreSQL as much as on the embedded database.
    applies: (env) => env.config.SEED_DEMO && factory() !== undefined,
    async run(db, env) {
      const create = factory();
      if (!create) throw new Error(`provider '${providerName}' is not registered`);
      const now = new Date();
      const earlier = new Date(now.getTime() - EARLIER_VIEW_DAYS * MS_PER_DAY);
      const plan = firstPagesPlan(nyDate(now));
      await ingestChecked(db, create, env.config, { datasets: plan.whole, now });
      // The earlier view differs from today's only from its own day on, which the plan's window starts before; its
      // earnings go on today's universe (the one the last word on assets would leave anyway).
      await ingestChecked(db, create, env.config, { datasets: ['earnings'], from: plan.from, now: earlier });
      await ingestChecked(db, create, env.config, { datasets: plan.recent, from: plan.from, now });
      await enqueueHistory(
        db,
        { provider: providerName, seed: name, asOf: now.toISOString() },
        new Date(Date.now() + HISTORY_START_DELAY_MS),
      );
    },
  };
}

/** The embedded default's market (DESIGN §2): deterministic, every row with source 'demo'. */
export const demoMarketSeed: Seed = marketSeed('demo-market', 'demo', () => PROVIDERS.demo);
