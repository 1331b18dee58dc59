/**
 * "Report now" for the demo market: the symbol's next report gets its actuals at once, with figures near its
 * estimates drawn deterministically from the symbol and quarter, a results news item is published as a wire
 * would, and the market-changed message goes out, so the results trigger runs, the symbol's followers hear of it
 * and the news feed shows it. Only on a seeded demo market.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '@eh/contracts';
import { earnings, news, rowsOf, seedRuns } from '@eh/db';
import { addDays, type FiscalPeriod, formatCompact, formatEps, nyDate } from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { newsSlug } from '../../../ingest/index.ts';
import { MARKET_CHANGED_CHANNEL } from '../../../kernel/channels.ts';
import type { AppContext } from '../../../kernel/context.ts';
import { HttpError } from '../../../kernel/http/errors.ts';
import { demoMarketSeed } from '../../market-history/index.ts';
import { TRIGGER_MAX_AGE_DAYS } from './sources.ts';

/** The surprise range of a "report now", in percent of the estimate: mostly beats, as real seasons go. */
export const DEMO_EPS_SURPRISE = { min: -6, max: 10 } as const;
export const DEMO_REVENUE_SURPRISE = { min: -3, max: 4 } as const;

/** A number in [0, 1) fixed by `key`. */
function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

const within = (range: { min: number; max: number }, key: string) => range.min + (range.max - range.min) * unit(key);

/** The actuals a "report now" stores: near the estimates, the same for the same symbol and quarter. */
export function demoActuals(
  key: string,
  estimates: { epsEstimate: number | null; revenueEstimate: number | null; epsPriorYear: number | null },
): { epsActual: number; revenueActual: number | null } {
  const eps = estimates.epsEstimate ?? estimates.epsPriorYear ?? 1;
  const epsActual = Math.round(eps * (1 + within(DEMO_EPS_SURPRISE, `${key}:eps`) / 100) * 100) / 100;
  const revenueActual =
    estimates.revenueEstimate === null
      ? null
      : Math.round((estimates.revenueEstimate * (1 + within(DEMO_REVENUE_SURPRISE, `${key}:revenue`) / 100)) / 1e5) *
        1e5;
  return { epsActual, revenueActual };
}

/** The wire's words for a result: a title that says beat or miss, and a body with both figures against estimates. */
export function resultsNews(
  company: { symbol: string; name: string },
  report: { periodYear: number; period: FiscalPeriod; epsEstimate: number | null; revenueEstimate: number | null },
  actuals: { epsActual: number; revenueActual: number | null },
): { title: string; summary: string; body: string } {
  const label = `${report.period} ${report.periodYear}`;
  const estimate = report.epsEstimate;
  const verb =
    estimate === null
      ? 'reports'
      : actuals.epsActual > estimate
        ? 'beats'
        : actuals.epsActual < estimate
          ? 'misses'
          : 'matches';
  const eps = formatEps(actuals.epsActual);
  const title =
    estimate === null
      ? `${company.name} (${company.symbol}) reports ${label} EPS of ${eps}`
      : `${company.name} (${company.symbol}) ${verb} ${label} estimates: EPS ${eps} vs. ${formatEps(estimate)} expected`;
  const revenue =
    actuals.revenueActual === null
      ? ''
      : ` Revenue came in at ${formatCompact(actuals.revenueActual, { currency: true })}${
          report.revenueEstimate === null
            ? ''
            : ` versus ${formatCompact(report.revenueEstimate, { currency: true })} expected`
        }.`;
  const body = `<p>${company.name} reported ${label} earnings per share of ${eps}${
    estimate === null ? '' : `, against the analysts' consensus of ${formatEps(estimate)}`
  }.${revenue}</p>`;
  return { title, summary: `${company.symbol} ${verb === 'reports' ? 'reports' : `${verb} EPS estimates`}.`, body };
}

const invalidSymbol = (message: string) =>
  new HttpError(400, ErrorCode.validation, `body.symbol: ${message}`, [{ field: 'body.symbol', message }]);

interface NextReport {
  id: number;
  symbol: string;
  periodYear: number;
  period: FiscalPeriod;
  date: string;
  epsEstimate: number | null;
  revenueEstimate: number | null;
  epsPriorYear: number | null;
}

export async function reportNow(ctx: AppContext, symbol: string) {
  const [seeded] = await ctx.db.select().from(seedRuns).where(eq(seedRuns.name, demoMarketSeed.name));
  if (!seeded) throw new HttpError(409, ErrorCode.conflict, 'The demo market is not seeded here');
  const [asset] = rowsOf<{ id: number; symbol: string; name: string }>(
    await ctx.db.execute(sql`
      select id, symbol, name from assets where symbol_upper = ${symbol.toUpperCase()} and source = 'demo'
      order by (type = 'stock') desc limit 1`),
  );
  if (!asset) throw invalidSymbol(`no demo company has the symbol '${symbol}'`);
  // The first report without actuals that is not long past: the next one on the calendar.
  const [next] = rowsOf<NextReport>(
    await ctx.db.execute(sql`
      select e.id, ${asset.symbol}::text as symbol, e.period_year as "periodYear", e.period, e.date::text as date,
        e.eps_estimate as "epsEstimate", e.revenue_estimate as "revenueEstimate", e.eps_prior_year as "epsPriorYear"
      from earnings e
      where e.asset_id = ${asset.id} and e.eps_actual is null and e.revenue_actual is null
        and e.date >= ${addDays(nyDate(new Date()), -TRIGGER_MAX_AGE_DAYS)}::date
      order by e.date limit 1`),
  );
  if (!next) throw invalidSymbol(`${asset.symbol} has no coming report to publish`);
  const actuals = demoActuals(`${asset.symbol}:${next.periodYear}:${next.period}`, next);
  await ctx.db
    .update(earnings)
    .set({
      epsActual: actuals.epsActual,
      revenueActual: actuals.revenueActual,
      reportedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(earnings.id, next.id));
  const words = resultsNews(asset, next, actuals);
  const externalId = `report-now:${asset.symbol}:${next.periodYear}:${next.period}`;
  await ctx.db
    .insert(news)
    .values({
      ...words,
      externalId,
      slug: newsSlug(words.title, 'demo', externalId),
      newsType: 'earnings_results',
      tags: ['earnings'],
      symbols: [asset.symbol],
      publishedAt: new Date(),
      source: 'demo',
    })
    .onConflictDoNothing();
  await ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings', 'news'] });
  return {
    symbol: asset.symbol,
    earningsId: next.id,
    periodYear: next.periodYear,
    period: next.period,
    date: next.date,
    epsActual: actuals.epsActual,
    epsEstimate: next.epsEstimate,
    revenueActual: actuals.revenueActual,
    revenueEstimate: next.revenueEstimate,
  };
}
