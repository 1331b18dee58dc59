/**
 * Files of a quarter's call: transcripts (Operator, Prepared Remarks, Q&A) for the most followed companies,
 * slides and the press release for more, and the recording. Transcripts are written from the quarter's own
 * figures. Speakers are named by their roles (Chief Executive Officer, Chief Financial Officer, Operator, an analyst
 * at a real firm), never by invented names: a made-up executive at a real company reads as fake, and the demo never
 * puts invented words in a real person's mouth.
 */
import type { FileRecord, TranscriptParagraph, TranscriptSection } from '../types.ts';
import { coveringFirms, FIRMS } from './analysts.ts';
import type { Quarter } from './earnings.ts';
import { edgarBrowseUrl } from './filings.ts';
import { CH, choose, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { DemoWorld } from './world.ts';

/** Companies (by popularity rank among reporting stocks) that get transcripts and recordings, and slides. */
export const TRANSCRIPT_COMPANIES = 60;
export const SLIDES_COMPANIES = 150;
/** Minutes after the call starts that its files appear. */
const TRANSCRIPT_DELAY = 180;
const AUDIO_DELAY = 75;

const THEMES: Readonly<Record<string, readonly string[]>> = {
  'Information Technology': [
    'AI demand',
    'cloud migration',
    'gross margin',
    'enterprise spending',
    'supply constraints',
  ],
  'Communication Services': [
    'advertising demand',
    'engagement',
    'subscriber growth',
    'content spending',
    'AI investments',
  ],
  'Consumer Discretionary': ['consumer demand', 'pricing', 'inventory', 'traffic', 'tariffs'],
  'Consumer Staples': ['volume trends', 'pricing', 'input costs', 'private label competition', 'emerging markets'],
  'Health Care': ['pipeline', 'pricing pressure', 'utilization trends', 'launch trajectory', 'regulation'],
  Financials: ['net interest income', 'credit quality', 'capital return', 'deal activity', 'deposit costs'],
  Industrials: ['backlog', 'pricing', 'supply chain', 'margins', 'aftermarket demand'],
  Energy: ['production growth', 'capital discipline', 'commodity prices', 'refining margins', 'shareholder returns'],
  Utilities: ['rate cases', 'load growth', 'data center demand', 'capital plan', 'financing'],
  'Real Estate': ['occupancy', 'leasing spreads', 'funds from operations', 'cap rates', 'development pipeline'],
  Materials: ['volumes', 'pricing', 'energy costs', 'demand in China', 'capacity'],
};

/**
 * Topics whose share of the calls moves with time, so a mention trend has a shape (decision 0044): each sector's
 * rising topic is said more often through 2025 and 2026, the fading one less. Both are drawn per call from the
 * company's seed, so the demo market says the same things on every machine.
 */
const RISING: Readonly<Record<string, string>> = {
  'Information Technology': 'AI capex',
  'Communication Services': 'AI capex',
  'Consumer Discretionary': 'tariffs',
  'Consumer Staples': 'GLP-1 drugs',
  'Health Care': 'GLP-1 drugs',
  Financials: 'private credit',
  Industrials: 'reshoring',
  Energy: 'LNG exports',
  Utilities: 'data center demand',
  'Real Estate': 'data center leasing',
  Materials: 'tariffs',
};
const FADING = 'supply chain disruptions';
/** Epoch ms where the rising topic starts to be heard and where it is heard on most calls. */
const RISE_FROM = Date.UTC(2024, 6, 1);
const RISE_TO = Date.UTC(2026, 9, 1);

/** 0 before the rise, 1 once it is complete: the share of calls that speak of the rising topic. */
function riseShare(instant: number): number {
  return Math.min(1, Math.max(0, (instant - RISE_FROM) / (RISE_TO - RISE_FROM)));
}

const RISING_LINES = [
  (topic: string) =>
    `We are spending more time with customers on ${topic} than a year ago, and it is showing up in our plans.`,
  (topic: string) =>
    `${topic[0]?.toUpperCase()}${topic.slice(1)} came up in nearly every conversation this quarter; we see it as a multi-year driver.`,
  (topic: string) => `On ${topic}, we moved faster than we planned and expect the impact to grow next year.`,
];
/** What the CFO adds after a miss: the guidance cut, in words people search for. */
const GUIDANCE_CUT_LINES = [
  'Given the softer trends, we are cutting our full-year guidance.',
  'This guidance cut reflects what we saw late in the quarter, and we think it is prudent.',
  'We lowered our guidance for the year; the cut is mostly volume.',
];
const FADING_LINES = [
  `The ${FADING} that weighed on us have largely eased, and lead times are back to normal.`,
  `We still saw some ${FADING} in a few regions, which cost us a little on margins.`,
];

function money(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(abs >= 1e11 ? 0 : 1)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(0)} million`;
  return `$${value.toFixed(2)}`;
}

/** A guidance bound: two decimals of billions (a range's ends never read alike). */
function bound(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  return `$${(value / 1e6).toFixed(0)} million`;
}

const perShare = (value: number) => `${value < 0 ? '-' : ''}$${Math.abs(value).toFixed(2)}`;

/** The CFO's outlook: the next quarter's guidance as the company issued it with these results (stored alike). */
function outlook(world: DemoWorld, quarter: Quarter): string | null {
  const issued = world.earnings.guidance(quarter.asset, [quarter]).filter((record) => record.period !== 'FY');
  const revenue = issued.find((record) => record.metric === 'revenue');
  if (!revenue || revenue.low === null || revenue.high === null) return null;
  const eps = issued.find((record) => record.metric === 'eps');
  const epsText =
    eps && eps.low !== null && eps.high !== null
      ? `, and earnings per share of ${perShare(eps.low)} to ${perShare(eps.high)}`
      : '';
  return `Turning to the outlook: for ${revenue.period} fiscal ${revenue.periodYear}, we expect revenue between ${bound(revenue.low)} and ${bound(revenue.high)}${epsText}.`;
}

function percent(value: number): string {
  return `${Math.abs(value).toFixed(1)}%`;
}

/** Ranks reporting stocks by popularity (0 most followed). */
export function followedRank(world: DemoWorld): ReadonlyMap<number, number> {
  const ranked = world.universe.assets
    .filter((asset) => asset.type === 'stock' && asset.reports && asset.primary)
    .sort((a, b) => b.popularity - a.popularity || a.ordinal - b.ordinal);
  return new Map(ranked.map((asset, rank) => [asset.ordinal, rank]));
}

/** When the call of a quarter starts (epoch ms), given the release. */
export function callStart(quarter: Quarter, releaseInstant = quarter.instant): number {
  const delay = quarter.asset.release?.callDelay ?? 30;
  const start = releaseInstant + delay * 60_000;
  return Math.ceil(start / 1_800_000) * 1_800_000;
}

export function callEventId(asset: DemoAsset, quarter: Quarter): string {
  return `call:${asset.symbol}:${quarter.periodYear}:${quarter.period}`;
}

function transcript(world: DemoWorld, quarter: Quarter, prior: Quarter | null): TranscriptSection[] {
  const { asset } = quarter;
  const seed = world.seed ^ asset.companySeed;
  const key = quarter.monthIndex;
  const CEO = 'Chief Executive Officer';
  const CFO = 'Chief Financial Officer';
  const IR = 'Head of Investor Relations';
  const company = asset.name;
  const label = `${quarter.period} fiscal ${quarter.periodYear}`;
  const growth = prior ? ((quarter.revenueActual - prior.revenueActual) / prior.revenueActual) * 100 : null;
  const epsGrowth =
    prior && prior.epsActual !== 0 ? ((quarter.epsActual - prior.epsActual) / Math.abs(prior.epsActual)) * 100 : null;
  const themes = THEMES[asset.sector ?? ''] ?? THEMES.Industrials ?? ['demand'];
  const theme = (salt: number) => choose(themes, seed, CH.files, key, 100 + salt);
  const beat = quarter.epsActual >= quarter.epsEstimate;
  const operator: TranscriptParagraph[] = [
    {
      speaker: 'Operator',
      role: null,
      text: `Good ${quarter.session === 'after' ? 'afternoon' : 'morning'}, and welcome to ${company}'s ${label} earnings conference call. All lines are in listen-only mode; after the prepared remarks we will open the line for questions. I will now turn the call over to the company's Head of Investor Relations.`,
    },
  ];
  const prepared: TranscriptParagraph[] = [
    {
      speaker: IR,
      role: company,
      text: `Thank you, and good ${quarter.session === 'after' ? 'afternoon' : 'morning'}, everyone. With me are our Chief Executive Officer and our Chief Financial Officer. Today's remarks include forward-looking statements that involve risks and uncertainties; actual results may differ materially. We will also discuss non-GAAP measures, reconciled in our press release.`,
    },
    {
      speaker: CEO,
      role: company,
      text: `Thank you. ${beat ? 'We delivered a strong quarter' : 'This was a mixed quarter'}: revenue was ${money(quarter.revenueActual)}${growth === null ? '' : `, ${growth >= 0 ? 'up' : 'down'} ${percent(growth)} from a year ago`}. ${growth !== null && growth > 8 ? `Demand was broad-based, and ${theme(1)} remained a tailwind.` : `We stayed focused on ${theme(1)} and on execution.`}`,
    },
    ...driftingRemarks(asset, quarter, seed, key).map((text) => ({ speaker: CEO, role: company, text })),
    {
      speaker: CEO,
      role: company,
      text: `Looking at the business, ${theme(2)} is where we see the most opportunity, and we continued to invest behind it while keeping a close eye on ${theme(3)}. I want to thank our teams for their work this quarter.`,
    },
    {
      speaker: CFO,
      role: company,
      text: `Thank you. Earnings per share were $${quarter.epsActual.toFixed(2)}${epsGrowth === null ? '' : `, ${epsGrowth >= 0 ? 'up' : 'down'} ${percent(epsGrowth)} year over year`}, against consensus of $${quarter.epsEstimate.toFixed(2)}. Revenue of ${money(quarter.revenueActual)} compared with ${money(quarter.revenueEstimate)} expected.`,
    },
    {
      speaker: CFO,
      role: company,
      text: `${outlook(world, quarter) ?? 'We do not give quarterly guidance.'}${beat ? '' : ` ${choose(GUIDANCE_CUT_LINES, seed, CH.files, key, 204)}`} ${asset.annualDividend > 0 ? 'We returned cash to shareholders through dividends and buybacks' : 'We continued to invest for growth'}, and we ended the quarter with a strong balance sheet. With that, operator, let's open the line for questions.`,
    },
  ];
  const firms = coveringFirms(world, asset);
  const qa: TranscriptParagraph[] = [];
  const questions = 3 + Math.floor(uniform(seed, CH.files, key, 5) * 3);
  for (let index = 0; index < questions && index < firms.length; index += 1) {
    const firm = FIRMS[firms[index] ?? 0]?.[0] ?? 'Goldman Sachs';
    const topic = theme(10 + index);
    qa.push({
      speaker: 'Operator',
      role: null,
      text: `Our next question comes from the line of an analyst with ${firm}. Your line is open.`,
    });
    qa.push({
      // One speaker per firm: the firm names the analyst, the role says what they are.
      speaker: `${firm} analyst`,
      role: 'Analyst',
      text: `Thanks for taking my question. Could you give us more color on ${topic}, and how you think about it over the next few quarters?`,
    });
    qa.push({
      speaker: index % 2 === 0 ? CEO : CFO,
      role: company,
      text: `Great question. On ${topic}, we are encouraged by what we saw this quarter${growth !== null && growth < 0 ? ', even if the comparison is tough' : ''}. We are being disciplined, and we expect it to contribute over time.`,
    });
  }
  qa.push({
    speaker: 'Operator',
    role: null,
    text: `That concludes today's question-and-answer session and today's conference call. Thank you for participating; you may now disconnect.`,
  });
  return [
    { title: 'Operator', paragraphs: operator },
    { title: 'Prepared Remarks', paragraphs: prepared },
    { title: 'Q&A', paragraphs: qa },
  ];
}

/** What the CEO says of the moving topics this quarter: the rising one more often as time goes on, the fading less. */
function driftingRemarks(asset: DemoAsset, quarter: Quarter, seed: number, key: number): string[] {
  const lines: string[] = [];
  const share = riseShare(quarter.instant);
  const rising = RISING[asset.sector ?? ''] ?? 'AI capex';
  if (uniform(seed, CH.files, key, 200) < share) lines.push(choose(RISING_LINES, seed, CH.files, key, 201)(rising));
  if (uniform(seed, CH.files, key, 202) < 1 - share) lines.push(choose(FADING_LINES, seed, CH.files, key, 203));
  return lines;
}

/** Files of the company's reported quarters whose call started in [fromMs, toMs] and that exist by now. */
export function filesOf(
  world: DemoWorld,
  asset: DemoAsset,
  quarters: readonly Quarter[],
  rank: number | undefined,
): FileRecord[] {
  if (rank === undefined || rank >= SLIDES_COMPANIES) return [];
  const records: FileRecord[] = [];
  for (const quarter of quarters) {
    if (quarter.instant > world.now) continue;
    const start = callStart(quarter);
    const base = `demo-${asset.symbol}-${quarter.periodYear}-${quarter.period}`;
    const label = `${asset.name} ${quarter.period} ${quarter.periodYear}`;
    const common = {
      symbol: asset.symbol,
      type: asset.type,
      periodYear: quarter.periodYear,
      period: quarter.period,
      eventExternalId: callEventId(asset, quarter),
    };
    records.push({
      ...common,
      id: `${base}-slides`,
      fileType: 'slides',
      title: `${label} earnings presentation`,
      date: new Date(quarter.instant),
      url: null,
      mimeType: 'application/pdf',
      content: null,
      externalFileId: null,
    });
    if (asset.cik !== null) {
      records.push({
        ...common,
        id: `${base}-report`,
        fileType: 'report',
        title: `${label} earnings press release`,
        date: new Date(quarter.instant),
        url: edgarBrowseUrl(asset.cik, '8-K'),
        mimeType: 'text/html',
        content: null,
        externalFileId: null,
      });
    }
    if (rank >= TRANSCRIPT_COMPANIES) continue;
    if (start + AUDIO_DELAY * 60_000 <= world.now) {
      records.push({
        ...common,
        id: `${base}-audio`,
        fileType: 'audio',
        title: `${label} earnings call recording`,
        date: new Date(start),
        url: null,
        mimeType: 'audio/mpeg',
        content: null,
        externalFileId: null,
      });
    }
    if (start + TRANSCRIPT_DELAY * 60_000 <= world.now) {
      const prior = world.earnings.quarter(asset, quarter.monthIndex - 12);
      records.push({
        ...common,
        id: `${base}-transcript`,
        fileType: 'transcript',
        title: `${label} earnings call transcript`,
        date: new Date(start),
        url: null,
        mimeType: 'application/json',
        content: { sections: transcript(world, quarter, prior) },
        externalFileId: null,
      });
    }
  }
  return records;
}
