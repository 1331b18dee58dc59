import { FISCAL_PERIODS } from '@eh/domain';
import { z } from 'zod';
import { SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/**
 * "Report now" on the demo market: stores actuals for a symbol's next demo report, so an operator (and the
 * e2e test) sees a results alert arrive. Admin token required; only while the demo market is seeded.
 */
export const reportDemoEarnings = defineRoute({
  method: 'POST',
  path: paths.reportDemoEarnings,
  group: 'public',
  summary: "Store actuals for a symbol's next demo report now (admin token required; demo market only)",
  tags: ['admin'],
  body: z.strictObject({ symbol: SymbolString }),
  response: z.object({
    symbol: z.string(),
    earningsId: z.number().int(),
    periodYear: z.number().int(),
    period: z.enum(FISCAL_PERIODS),
    date: z.string(),
    epsActual: z.number().nullable(),
    epsEstimate: z.number().nullable(),
    revenueActual: z.number().nullable(),
    revenueEstimate: z.number().nullable(),
  }),
});
