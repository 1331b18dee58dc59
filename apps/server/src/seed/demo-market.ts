import type { Database } from '@eh/db';
import { MS_PER_DAY } from '@eh/domain';
import { type IngestOptions, ingest } from '../ingest/index.ts';
import { refreshMetricsAndIndexes } from '../metrics/index.ts';
import { type Dataset, PROVIDERS, type ProviderFactory } from '../providers/index.ts';
import type { Seed } from './index.ts';

/**
 * How far back the first look at the calendar is taken. Ingesting that earlier view first and today's after it
 * leaves what a real feed leaves: estimates that were confirmed or moved since, each with its history row.
 */
export const EARLIER_VIEW_DAYS = 21;

async function ingestAll(
  db: Database,
  factory: ProviderFactory,
  env: Parameters<ProviderFactory>[0],
  options: IngestOptions & { only?: readonly Dataset[] },
) {
  const provider = factory(env);
  const { only, ...rest } = options;
  const datasets = only ? provider.datasets.filter((dataset) => only.includes(dataset)) : undefined;
  const report = await ingest(db, provider, { ...rest, ...(datasets ? { datasets } : {}) });
  // A demo market with holes would be worse than none: any error fails the seed (and rolls it back).
  const broken = report.datasets.filter((d) => d.status !== 'succeeded');
  if (broken.length > 0) {
    throw new Error(
      `${provider.name} market: ${broken.map((d) => `${d.dataset} ${d.status} (${d.message ?? `${d.errors} errors`})`).join('; ')}`,
    );
  }
  return report;
}

/** A market seeded from a provider: the earlier calendar view, today's full market, then metrics and EH500. */
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
      await ingestAll(db, create, { config: env.config, now: earlier }, { only: ['assets', 'earnings'], now: earlier });
      await ingestAll(db, create, { config: env.config, now }, { now });
      await refreshMetricsAndIndexes(db, { asOf: now });
    },
  };
}

/** The embedded default's market (DESIGN §2): deterministic, every row with source 'demo'. */
export const demoMarketSeed: Seed = marketSeed('demo-market', 'demo', () => PROVIDERS.demo);
