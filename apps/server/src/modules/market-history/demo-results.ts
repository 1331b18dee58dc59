/**
 * The demo market's results land at their time ("the calendar's results update live"). The daily roll
 * ingests the demo market once per New York day, so a report due at 16:05 would otherwise stay without figures
 * until tomorrow's roll. Every half minute this loop finds today's demo reports whose release time has passed and
 * still have no figures, and ingests those companies' earnings from the demo provider as of now: the very figures
 * the next roll would write (the provider is a pure function of seed and time), through the normal writer. The
 * writer announces `market.changed` (earnings), so each sync node pushes the results with their call (`event` with
 * `earnings`), and the results notifications run as for any ingestion. Only on a seeded demo market.
 */
import { rowsOf } from '@eh/db';
import { type IsoDate, MARKET_TIME_ZONE, type MarketAssetType, nyDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ingest } from '../../ingest/index.ts';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import { turnsEvery } from '../../kernel/jobs/turns.ts';
import { PROVIDERS } from '../../providers/index.ts';

/** How often the loop looks for reports that are due. */
export const DEMO_RESULTS_EVERY_MS = 30_000;
/** Tries per report (the provider may not agree it is out yet: a time moved since the roll). */
const TRIES_MAX = 3;

export interface DueReport {
  id: number;
  symbol: string;
  type: MarketAssetType;
}

/** Today's demo reports whose New York release time is past and which still have no figures. */
export async function dueDemoReports(ctx: Pick<AppContext, 'db'>, now: Date): Promise<DueReport[]> {
  const today: IsoDate = nyDate(now);
  return rowsOf<DueReport>(
    await ctx.db.execute(sql`
      select e.id, a.symbol, a.type
      from earnings e join assets a on a.id = e.asset_id
      where e.source = 'demo' and e.date = ${today}::date and e.time is not null
        and e.eps_actual is null and e.revenue_actual is null
        and ((e.date + e.time::time) at time zone ${MARKET_TIME_ZONE}) <= ${now.toISOString()}::timestamptz
      order by e.time, a.symbol`),
  );
}

/**
 * Whether the demo market has rolled to `now`'s New York day: some demo run of a dataset besides earnings (the
 * roll's) started that day or later. Before it, the roll brings today's figures itself, and a run of ours would
 * count as today's roll (its schedule looks at the provider's last run) and hold the real one back until tomorrow.
 */
export async function demoRolledToday(ctx: Pick<AppContext, 'db'>, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ last: number | string | null }>(
    await ctx.db.execute(sql`
      select extract(epoch from max(started_at)) * 1000 as last
      from ingestion_runs where provider = 'demo' and dataset <> 'earnings'`),
  );
  return row?.last != null ? nyDate(new Date(Number(row.last))) >= nyDate(now) : false;
}

export interface DemoResultsOptions {
  everyMs?: number;
  now?: () => Date;
}

export function createDemoResults(ctx: AppContext, log: FastifyBaseLogger, options: DemoResultsOptions = {}) {
  const everyMs = options.everyMs ?? DEMO_RESULTS_EVERY_MS;
  const clock = options.now ?? (() => new Date());
  const tries = new Map<number, number>();
  let triesDay = '';

  /** One look: ingests the due reports' companies (their earnings only); returns the reports it asked for. */
  async function tick(): Promise<DueReport[]> {
    const now = clock();
    if (nyDate(now) !== triesDay) {
      triesDay = nyDate(now);
      tries.clear();
    }
    if (!(await demoRolledToday(ctx, now))) return [];
    const due = (await dueDemoReports(ctx, now)).filter((report) => (tries.get(report.id) ?? 0) < TRIES_MAX);
    if (due.length === 0) return [];
    for (const report of due) tries.set(report.id, (tries.get(report.id) ?? 0) + 1);
    const factory = PROVIDERS.demo;
    if (!factory) return [];
    const provider = factory({ config: ctx.config, now });
    const today = nyDate(now);
    const report = await ingest(ctx.db, provider, {
      datasets: ['earnings'],
      assets: due.map((row) => ({ symbol: row.symbol, type: row.type })),
      from: today,
      to: today,
      now,
      onChanged: (changed) => ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: changed }),
    });
    const earnings = report.datasets.find((dataset) => dataset.dataset === 'earnings');
    log.info(
      { reports: due.map((row) => row.symbol), changed: earnings?.changed ?? 0, ms: report.ms },
      'demo results landed',
    );
    return due;
  }

  return { ...turnsEvery(everyMs, () => tick(), log, 'demo results turn failed'), tick };
}
