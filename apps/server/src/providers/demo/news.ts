/**
 * News written from the demo market's own events, so every headline matches the data it sits next to: earnings
 * results and previews, big moves ("why is it moving"), rating changes, dividend declarations, guidance,
 * transcripts and calls, the daily market wrap and the economic calendar. Bodies are short plain HTML.
 */
import {
  formatCompact,
  formatDate,
  formatDividend,
  formatEps,
  formatPercent,
  formatPrice,
  quarterPagePath,
} from '@eh/domain';
import type { NewsRecord } from '../types.ts';
import type { RatingEvent } from './analysts.ts';
import { FIRMS } from './analysts.ts';
import type { Dividend } from './dividends.ts';
import type { Quarter } from './earnings.ts';
import { callStart } from './files.ts';
import { CH, choose, hashString, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { DemoWorld } from './world.ts';

export const TOP_STORIES = 'top_stories';
const AUTHOR = 'EarningsHub Demo Desk';

/*
 * Figures and dates read as on the product's pages (@eh/domain's formatters): EPS in cents, amounts in three
 * significant digits, the minus sign U+2212, a date as 'Nov 27, 2026' (stored text has no reader's locale to follow).
 */
const money = (value: number) => formatCompact(value, { currency: true });
const pct = (value: number) => formatPercent(value, { digits: 1 });
/** A whole percentage without its sign, for 'rise 12%', 'raises … 5%'. */
const wholePercent = (value: number) => formatPercent(Math.abs(value), { signed: false, digits: 0 });

function html(...paragraphs: string[]): string {
  return paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
}

function shortName(asset: DemoAsset): string {
  return asset.name
    .replace(
      /,? (Inc\.|Corporation|Incorporated|Company|Co\.|Corp\.|plc|PLC|Ltd\.?|Limited|N\.V\.|S\.A\.|SE|AG|Holdings|Group|L\.P\.)$/,
      '',
    )
    .replace(/^The /, '');
}

interface NewsContext {
  world: DemoWorld;
  /** Followed well enough to make the front page. */
  popular: boolean;
}

function item(
  world: DemoWorld,
  externalId: string,
  newsType: string,
  title: string,
  summary: string,
  body: string,
  tags: string[],
  symbols: string[],
  publishedAt: number,
  /** Where the item's subject is: the call's page on this product for news about a call. */
  url: string | null = null,
): NewsRecord | null {
  if (publishedAt > world.now) return null;
  return {
    externalId: `demo:${externalId}`,
    title,
    summary,
    body,
    url,
    imageUrl: null,
    author: AUTHOR,
    newsType,
    tags,
    symbols,
    publishedAt: new Date(publishedAt),
  };
}

/** News about one company's reported quarters (and the preview of the next one). */
export function earningsNews(
  context: NewsContext,
  asset: DemoAsset,
  quarters: readonly Quarter[],
  next: Quarter | null,
  moves: ReadonlyMap<number, number>,
  hasTranscript: boolean,
): NewsRecord[] {
  const { world, popular } = context;
  const { calendar } = world;
  const seed = world.seed ^ asset.seed;
  const name = shortName(asset);
  const records: (NewsRecord | null)[] = [];
  const front = (extra: string[]) => (popular ? [...extra, TOP_STORIES] : extra);
  for (const quarter of quarters) {
    const key = quarter.monthIndex;
    const label = `${quarter.period} ${quarter.periodYear}`;
    const epsBeat = quarter.epsActual > quarter.epsEstimate;
    const epsMiss = quarter.epsActual < quarter.epsEstimate;
    const revenueBeat = quarter.revenueActual >= quarter.revenueEstimate;
    const prior = world.earnings.quarter(asset, key - 12);
    const growth = prior ? ((quarter.revenueActual - prior.revenueActual) / prior.revenueActual) * 100 : null;
    const verb = epsBeat ? 'beats' : epsMiss ? 'misses' : 'matches';
    const title = choose(
      [
        `${name} (${asset.symbol}) ${verb} ${label} estimates: EPS ${formatEps(quarter.epsActual)} vs. ${formatEps(quarter.epsEstimate)} expected`,
        `${asset.symbol} ${label} earnings: EPS ${formatEps(quarter.epsActual)} ${verb} consensus; revenue ${money(quarter.revenueActual)} ${revenueBeat ? 'tops' : 'falls short of'} ${money(quarter.revenueEstimate)}`,
        `${name} ${revenueBeat ? 'tops' : 'misses'} revenue forecasts${growth === null ? '' : ` as sales ${growth >= 0 ? 'rise' : 'fall'} ${wholePercent(growth)}`}; EPS ${verb} estimates`,
      ],
      seed,
      CH.news,
      key,
      1,
    );
    const body = html(
      `${asset.name} reported ${label} earnings per share of ${formatEps(quarter.epsActual)}, against the analysts' consensus of ${formatEps(quarter.epsEstimate)} (${quarter.estimateCount} estimates)${prior ? ` and ${formatEps(prior.epsActual)} a year earlier` : ''}.`,
      `Revenue came in at ${money(quarter.revenueActual)} versus ${money(quarter.revenueEstimate)} expected${growth === null ? '' : `, ${pct(growth)} year over year`}.`,
      `The results were released ${quarter.session === 'before' ? 'before the opening bell' : quarter.session === 'after' ? 'after the closing bell' : 'during market hours'}.`,
    );
    records.push(
      item(
        world,
        `results:${asset.symbol}:${label}`,
        'earnings_results',
        title,
        `${asset.symbol} ${verb} EPS estimates.`,
        body,
        front(['earnings']),
        [asset.symbol],
        quarter.instant + 3 * 60_000,
      ),
    );

    const move = moves.get(quarter.reactionDay);
    if (move !== undefined && Math.abs(move) >= 4) {
      const word = move >= 10 ? 'soaring' : move > 0 ? 'rising' : move <= -10 ? 'plunging' : 'falling';
      const at = calendar.nyInstant(quarter.reactionDay, 615);
      records.push(
        item(
          world,
          `wiim:${asset.symbol}:${calendar.iso(quarter.reactionDay)}`,
          'wiim',
          `Why ${name} stock is ${word} today`,
          `${asset.symbol} opened ${pct(move)} after its ${label} report.`,
          html(
            `Shares of ${asset.name} opened ${pct(move)} after the company ${verb} earnings expectations for ${label}.`,
          ),
          Math.abs(move) >= 8 ? front(['movers']) : ['movers'],
          [asset.symbol],
          at,
        ),
      );
    }
    if (hasTranscript) {
      const start = callStart(quarter);
      const callPage = quarterPagePath(asset.symbol, quarter.periodYear, quarter.period);
      records.push(
        item(
          world,
          `live:${asset.symbol}:${label}`,
          'live_call',
          `${name} ${label} earnings call is live`,
          `Listen to ${asset.symbol}'s call.`,
          html(`${asset.name}'s ${label} earnings call has started.`),
          ['calls'],
          [asset.symbol],
          start,
          callPage,
        ),
        item(
          world,
          `recorded:${asset.symbol}:${label}`,
          'recorded_call',
          `Replay: ${name} ${label} earnings call`,
          `The recording of ${asset.symbol}'s call.`,
          html(`The recording of ${asset.name}'s ${label} earnings call is available.`),
          ['calls'],
          [asset.symbol],
          start + 90 * 60_000,
          callPage,
        ),
        item(
          world,
          `transcript:${asset.symbol}:${label}`,
          'transcript',
          `${name} (${asset.symbol}) ${label} earnings call transcript`,
          `Read the full transcript of ${asset.symbol}'s call.`,
          html(`The transcript of ${asset.name}'s ${label} earnings call is available.`),
          ['transcripts'],
          [asset.symbol],
          start + 180 * 60_000,
          callPage,
        ),
        item(
          world,
          `summary:${asset.symbol}:${label}`,
          'transcript_summary',
          `${name} ${label} call: key takeaways`,
          `What management said on ${asset.symbol}'s call.`,
          html(
            `Management discussed results of ${money(quarter.revenueActual)} in revenue and EPS of ${formatEps(quarter.epsActual)}.`,
          ),
          ['transcripts'],
          [asset.symbol],
          start + 240 * 60_000,
          callPage,
        ),
      );
    }
  }
  // A preview a few days before the next report, for the names people follow.
  const upcoming = next ?? null;
  if (popular && upcoming !== null) {
    const previewDay = calendar.previousTrading(calendar.previousTrading(calendar.previousTrading(upcoming.day)));
    const label = `${upcoming.period} ${upcoming.periodYear}`;
    if (world.today >= upcoming.confirmedOn) {
      records.push(
        item(
          world,
          `preview:${asset.symbol}:${label}`,
          'story',
          `What to expect from ${name}'s ${label} report`,
          `Analysts expect EPS of ${formatEps(upcoming.epsEstimate)}.`,
          html(
            `${asset.name} reports ${label} results on ${formatDate(calendar.iso(upcoming.day))} ${upcoming.session === 'before' ? 'before the open' : 'after the close'}.`,
            `Analysts expect EPS of ${formatEps(upcoming.epsEstimate)} on revenue of ${money(upcoming.revenueEstimate)}.`,
          ),
          ['earnings', 'previews'],
          [asset.symbol],
          calendar.nyInstant(previewDay, 600),
        ),
      );
    }
  }
  return records.filter((record): record is NewsRecord => record !== null);
}

export function ratingNews(
  world: DemoWorld,
  asset: DemoAsset,
  events: readonly RatingEvent[],
  fromDay: number,
  toDay: number,
): NewsRecord[] {
  const name = shortName(asset);
  const records: (NewsRecord | null)[] = [];
  for (const event of events) {
    if (event.day < fromDay || event.day > toDay || event.action === 'maintain' || event.action === 'reiterate')
      continue;
    const firm = FIRMS[event.firm];
    if (!firm) continue;
    const grade = firm[3 - event.to] ?? 'Hold';
    const target = formatPrice(event.target);
    const verb =
      event.action === 'upgrade' ? 'upgrades' : event.action === 'downgrade' ? 'downgrades' : 'initiates coverage of';
    const title =
      event.action === 'initiate'
        ? `${firm[0]} initiates ${name} at ${grade}, ${target} target`
        : `${firm[0]} ${verb} ${name} to ${grade}, price target ${target}`;
    const at = world.calendar.nyInstant(
      event.day,
      420 + Math.floor(uniform(world.seed ^ asset.seed, CH.news, event.day, event.firm) * 80),
    );
    records.push(
      item(
        world,
        `rating:${asset.symbol}:${world.calendar.iso(event.day)}:${firm[0]}`,
        'headline',
        title,
        `${firm[0]} rates ${asset.symbol} ${grade}.`,
        html(
          `${firm[0]} ${verb} ${asset.name} (${asset.symbol}) ${event.action === 'initiate' ? 'with a' : 'to'} ${grade} rating and a price target of ${target}${event.priorTarget ? `, from ${formatPrice(event.priorTarget)}` : ''}.`,
        ),
        ['analyst-ratings'],
        [asset.symbol],
        at,
      ),
    );
  }
  return records.filter((record): record is NewsRecord => record !== null);
}

export function dividendNews(world: DemoWorld, asset: DemoAsset, dividends: readonly Dividend[]): NewsRecord[] {
  const name = shortName(asset);
  const records: (NewsRecord | null)[] = [];
  dividends.forEach((dividend, index) => {
    const previous = dividends[index - 1];
    const raised = previous !== undefined && dividend.amount > previous.amount;
    const cadence =
      dividend.frequency === 12
        ? 'monthly'
        : dividend.frequency === 4
          ? 'quarterly'
          : dividend.frequency === 2
            ? 'semi-annual'
            : 'annual';
    const { calendar } = world;
    const title = raised
      ? `${name} raises ${cadence} dividend ${wholePercent(((dividend.amount - (previous?.amount ?? 0)) / (previous?.amount ?? 1)) * 100)} to ${formatDividend(dividend.amount)} per share`
      : `${name} declares ${cadence} dividend of ${formatDividend(dividend.amount)} per share`;
    records.push(
      item(
        world,
        `dividend:${asset.symbol}:${calendar.iso(dividend.exDay)}`,
        'headline',
        title,
        `Payable ${formatDate(calendar.iso(dividend.paymentDay))}, ex-dividend ${formatDate(calendar.iso(dividend.exDay))}.`,
        html(
          `${asset.name} declared a ${cadence} dividend of ${formatDividend(dividend.amount)} per share, payable on ${formatDate(calendar.iso(dividend.paymentDay))} to shareholders of record on ${formatDate(calendar.iso(dividend.recordDay))}. The ex-dividend date is ${formatDate(calendar.iso(dividend.exDay))}.`,
        ),
        ['dividends'],
        [asset.symbol],
        calendar.nyInstant(dividend.declaredDay, 975),
      ),
    );
  });
  return records.filter((record): record is NewsRecord => record !== null);
}

export function guidanceNews(
  world: DemoWorld,
  asset: DemoAsset,
  quarter: Quarter,
  low: number,
  high: number,
  consensus: number,
  period: string,
): NewsRecord | null {
  const name = shortName(asset);
  const position = (low + high) / 2 >= consensus ? 'above' : 'below';
  return item(
    world,
    `guidance:${asset.symbol}:${quarter.periodYear}:${quarter.period}:${period}`,
    'headline',
    `${name} sees ${period} revenue of ${money(low)}–${money(high)}, ${position} the ${money(consensus)} consensus`,
    `${asset.symbol} issued guidance.`,
    html(
      `${asset.name} expects ${period} revenue between ${money(low)} and ${money(high)}; analysts were expecting ${money(consensus)}.`,
    ),
    ['guidance'],
    [asset.symbol],
    quarter.instant + 5 * 60_000,
  );
}

/** The evening market wrap: how the main indexes closed. */
export function marketWrap(
  world: DemoWorld,
  day: number,
  moves: readonly (readonly [string, string, number])[],
): NewsRecord | null {
  const spx = moves[0]?.[2] ?? 0;
  const verb = spx >= 1 ? 'rally' : spx > 0 ? 'edge higher' : spx <= -1 ? 'slide' : 'slip';
  const line = moves.map(([, name, move]) => `${name} ${pct(move)}`).join(', ');
  return item(
    world,
    `wrap:${world.calendar.iso(day)}`,
    'story',
    `Stocks ${verb}: ${line}`,
    `How the market closed on ${formatDate(world.calendar.iso(day))}.`,
    html(`US stocks closed ${spx >= 0 ? 'higher' : 'lower'}: ${line}.`),
    ['markets', TOP_STORIES],
    moves.map(([symbol]) => symbol),
    world.calendar.nyInstant(day, 975),
  );
}

/** A headline per major economic release and Fed decision. */
export function economyNews(
  world: DemoWorld,
  title: string,
  text: string,
  at: number,
  key: string,
  tags: string[],
): NewsRecord | null {
  return item(
    world,
    `economy:${key}`,
    'headline',
    title,
    text,
    html(text),
    tags,
    [],
    at + 60_000 * (1 + (hashString(key) % 4)),
  );
}
