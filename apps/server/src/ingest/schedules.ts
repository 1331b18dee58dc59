/**
 * What the worker refreshes on its own: the demo market rolls forward once per New York day, and the real
 * providers named in INGEST_PROVIDERS refresh at their vendor's pace. A schedule is due when the provider's last
 * recorded run (`ingestion_runs`) is older than its period; its job has a unique key, so a schedule never piles up.
 */
import { MS_PER_HOUR, MS_PER_MINUTE } from '@eh/domain';
import type { Config } from '../config.ts';
import type { Schedule } from '../kernel/jobs/schedule.ts';
import { PROVIDERS } from '../providers/index.ts';
import type { Dataset } from '../providers/types.ts';

const configured = (provider: string) => (config: Config) =>
  config.INGEST_PROVIDERS.includes(provider) && PROVIDERS[provider] !== undefined;

/** Datasets named as the providers name them (a typo fails the type check). */
export const SCHEDULES: readonly (Schedule & { datasets?: readonly Dataset[] })[] = [
  {
    name: 'demo-roll-forward',
    provider: 'demo',
    every: 'day',
    rollForward: true,
    enabled: (config) => config.SEED_DEMO && PROVIDERS.demo !== undefined,
  },
  // SEC: the listed universe and filings change daily; 8-K Item 2.02 filings confirm earnings dates.
  { name: 'sec-daily', provider: 'sec', every: 'day', enabled: configured('sec') },
  { name: 'nasdaqtrader-daily', provider: 'nasdaqtrader', every: 'day', enabled: configured('nasdaqtrader') },
  {
    name: 'coingecko-quotes',
    provider: 'coingecko',
    every: 5 * MS_PER_MINUTE,
    datasets: ['quotes'],
    enabled: configured('coingecko'),
  },
  { name: 'coingecko-daily', provider: 'coingecko', every: 'day', enabled: configured('coingecko') },
  {
    name: 'yahoo-quotes',
    provider: 'yahoo',
    every: 15 * MS_PER_MINUTE,
    datasets: ['quotes'],
    enabled: configured('yahoo'),
  },
  {
    name: 'yahoo-hourly',
    provider: 'yahoo',
    every: MS_PER_HOUR,
    datasets: ['news', 'analystRatings'],
    enabled: configured('yahoo'),
  },
  { name: 'yahoo-daily', provider: 'yahoo', every: 'day', enabled: configured('yahoo') },
];
