import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/** Where the seeded market's background history fill stands (docs/decisions/0011-fast-first-start.md). */
export const MarketHistoryStatus = z.object({
  state: z
    .enum(['none', 'filling', 'failed', 'done'])
    .describe(
      'none: no seeded market; filling: steps remain; failed: a step spent its retries (resumed at the next start)',
    ),
  percent: z.number().int().min(0).max(100),
  stepsDone: z.number().int().min(0),
  stepsTotal: z.number().int().min(0),
  current: z.string().nullable().describe('What is being filled now'),
  message: z.string().nullable().describe('Why the fill stopped, when it did'),
});
export type MarketHistoryStatus = z.infer<typeof MarketHistoryStatus>;

export const getMarketHistoryStatus = defineRoute({
  method: 'GET',
  path: paths.getMarketHistoryStatus,
  group: 'public',
  summary: 'Progress of the seeded market’s history (older prices, news, filings, analysts, EHS and EH500)',
  tags: ['core'],
  response: MarketHistoryStatus,
});
