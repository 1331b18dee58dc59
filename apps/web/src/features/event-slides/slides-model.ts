/**
 * The slides an event's slideshow shows. The demo market stores a slides file for each of the bigger companies'
 * calls but no presentation to go with it, so the deck is drawn here from the quarter's reported figures —
 * deterministic (same figures, same slides) and labelled as drawn by EarningsHub, never passed off as the
 * company's own presentation.
 */
import { formatCompact, formatDate, formatEps, formatPercent } from '../../shared/market/format.ts';

/** The figures a deck is drawn from: one row of GET /pricing/assets/{symbol}/earnings. */
export interface QuarterFigures {
  symbol: string;
  name: string;
  periodYear: number;
  period: string;
  date: string;
  epsEstimate: number | null;
  epsActual: number | null;
  epsPriorYear: number | null;
  epsSurprisePercent: number | null;
  yoyPercentChangeEPS: number | null;
  revenueEstimate: number | null;
  revenueActual: number | null;
  revenuePriorYear: number | null;
  revenueSurprisePercent: number | null;
  yoyPercentChangeRevenue: number | null;
  priceMovePercent: number | null;
}

export interface SlideBar {
  label: string;
  value: number;
  /** The value as the slide writes it. */
  text: string;
  tone: 'actual' | 'estimate' | 'prior';
}

export type Slide =
  | { kind: 'title'; id: string; title: string; subtitle: string; note: string }
  | { kind: 'bars'; id: string; title: string; verdict: string; bars: SlideBar[] }
  | { kind: 'points'; id: string; title: string; points: string[] };

export const DRAWN_DECK_LABEL = 'Slides drawn by EarningsHub from the reported figures, not the company’s presentation';

/** 'Beat by 4.2%', 'Missed by 1.0%', 'In line', or how far it stands while not reported. */
export function verdict(actual: number | null, surprisePercent: number | null): string {
  if (actual === null) return 'Not reported yet';
  if (surprisePercent === null) return 'No estimate to compare';
  if (Math.abs(surprisePercent) < 0.05) return 'In line with the estimate';
  const size = formatPercent(Math.abs(surprisePercent), { signed: false, digits: 1 });
  return surprisePercent > 0 ? `Beat the estimate by ${size}` : `Missed the estimate by ${size}`;
}

function bars(entries: [string, number | null, SlideBar['tone']][], format: (value: number) => string): SlideBar[] {
  return entries.flatMap(([label, value, tone]) =>
    value === null || !Number.isFinite(value) ? [] : [{ label, value, text: format(value), tone }],
  );
}

const revenue = (value: number) => formatCompact(value, { currency: true });

/** The deck for a quarter: a title, EPS, revenue and the year-over-year picture (fewer when figures are missing). */
export function drawnDeck(figures: QuarterFigures): Slide[] {
  const quarter = `${figures.period} ${figures.periodYear}`;
  const base = `${figures.symbol}-${figures.periodYear}-${figures.period}`;
  const deck: Slide[] = [
    {
      kind: 'title',
      id: `${base}-title`,
      title: figures.name,
      subtitle: `${quarter} earnings`,
      note: `${figures.symbol} · reported ${formatDate(figures.date)}`,
    },
  ];
  const epsBars = bars(
    [
      ['Estimate', figures.epsEstimate, 'estimate'],
      ['Actual', figures.epsActual, 'actual'],
      ['A year earlier', figures.epsPriorYear, 'prior'],
    ],
    formatEps,
  );
  if (epsBars.length > 0)
    deck.push({
      kind: 'bars',
      id: `${base}-eps`,
      title: 'Earnings per share',
      verdict: verdict(figures.epsActual, figures.epsSurprisePercent),
      bars: epsBars,
    });
  const revenueBars = bars(
    [
      ['Estimate', figures.revenueEstimate, 'estimate'],
      ['Actual', figures.revenueActual, 'actual'],
      ['A year earlier', figures.revenuePriorYear, 'prior'],
    ],
    revenue,
  );
  if (revenueBars.length > 0)
    deck.push({
      kind: 'bars',
      id: `${base}-revenue`,
      title: 'Revenue',
      verdict: verdict(figures.revenueActual, figures.revenueSurprisePercent),
      bars: revenueBars,
    });
  const points = [
    figures.yoyPercentChangeEPS === null
      ? null
      : `EPS ${formatPercent(figures.yoyPercentChangeEPS, { digits: 1 })} on a year earlier`,
    figures.yoyPercentChangeRevenue === null
      ? null
      : `Revenue ${formatPercent(figures.yoyPercentChangeRevenue, { digits: 1 })} on a year earlier`,
    figures.priceMovePercent === null
      ? null
      : `Stock ${formatPercent(figures.priceMovePercent, { digits: 1 })} around the report`,
  ].filter((point): point is string => point !== null);
  if (points.length > 0) deck.push({ kind: 'points', id: `${base}-yoy`, title: 'Year over year', points });
  return deck;
}

/** The tallest bar fills the chart; a negative value (a loss per share) is drawn from zero by its size. */
export function barScale(values: readonly number[]): number {
  const top = Math.max(0, ...values.map((value) => Math.abs(value)));
  return top === 0 ? 1 : top;
}
