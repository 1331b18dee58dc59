/**
 * What each notice says: a short plain title and body, the page it is about and the figures a template may show.
 * Pure functions of the stored rows.
 */
import {
  describeReportMove,
  type EarningsDateStatus,
  formatCompact,
  formatDividend,
  formatEps,
  formatPercent,
  formatPrice,
  type IsoDate,
  NOTIFICATION_SESSION_LABELS,
  parseIsoDate,
  type ReportMove,
  type ReportMoveFacts,
  reportMove,
  type SessionType,
  surpriseOf,
} from '@eh/domain';

/** The product's pages (apps/web/src/app/routes.ts) a notice links to. */
export const NOTICE_PATHS = {
  earnings: (symbol: string) => `/quote/${encodeURIComponent(symbol)}/earnings`,
  analysts: (symbol: string) => `/quote/${encodeURIComponent(symbol)}/analysts`,
  dividends: (symbol: string) => `/quote/${encodeURIComponent(symbol)}/dividends`,
  event: (symbol: string, eventId: number) => `/${encodeURIComponent(symbol)}/events/${eventId}`,
  transcript: (fileId: string) => `/transcripts/${encodeURIComponent(fileId)}`,
  myStocks: () => '/my-stocks',
} as const;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Thu, Nov 26' (the date alone, no zone: it is a calendar date). */
export function dayLabel(date: IsoDate): string {
  const d = parseIsoDate(date);
  if (!d) return date;
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[d.month - 1]} ${d.day}`;
}

/*
 * Figures read as on the product's pages, through @eh/domain's formatters (EPS in cents, amounts in three
 * significant digits, the minus sign U+2212), so an email never says a figure otherwise than the page it links to.
 */
const signed = (value: number) => formatPercent(value, { digits: 1 });
const money = (value: number) => formatCompact(value, { currency: true });

function against(label: string, actual: number | null, estimate: number | null, format: (v: number) => string) {
  if (actual === null) return null;
  const { surprisePercent } = surpriseOf(actual, estimate);
  if (estimate === null || surprisePercent === null) return `${label} ${format(actual)}`;
  const verdict = actual > estimate ? 'beat' : actual < estimate ? 'missed' : 'met';
  return `${label} ${format(actual)} ${verdict} ${format(estimate)} est. (${signed(surprisePercent)})`;
}

/** How the stock has moved since the report, told beside its results in the alert and the daily summary. */
export function moveSinceReport(facts: ReportMoveFacts, now: Date): ReportMove | null {
  // Every plan gets the move in words: the gated feature is the reaction history and its statistics.
  return reportMove(facts, now);
}

export interface ResultsRow {
  id: number;
  symbol: string;
  name: string;
  periodYear: number;
  period: string;
  date: IsoDate;
  epsActual: number | null;
  epsEstimate: number | null;
  revenueActual: number | null;
  revenueEstimate: number | null;
}

export function resultsNotice(row: ResultsRow, move: ReportMove | null = null) {
  const eps = surpriseOf(row.epsActual, row.epsEstimate);
  const revenue = surpriseOf(row.revenueActual, row.revenueEstimate);
  const parts = [
    against('EPS', row.epsActual, row.epsEstimate, formatEps),
    against('Revenue', row.revenueActual, row.revenueEstimate, money),
    move && describeReportMove(move),
  ].filter((part): part is string => part !== null);
  return {
    kind: 'earningsResults' as const,
    eventKey: `earnings:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} reported ${row.period} ${row.periodYear} results`,
    body: parts.join('; '),
    path: NOTICE_PATHS.earnings(row.symbol),
    data: {
      name: row.name,
      period: row.period,
      periodYear: row.periodYear,
      date: row.date,
      epsActual: row.epsActual,
      epsEstimate: row.epsEstimate,
      epsSurprisePercent: eps.surprisePercent,
      revenueActual: row.revenueActual,
      revenueEstimate: row.revenueEstimate,
      revenueSurprisePercent: revenue.surprisePercent,
      move,
    },
  };
}

export interface ReportDateRow {
  id: number;
  symbol: string;
  name: string;
  periodYear: number;
  period: string;
  date: IsoDate;
  time: string | null;
  session: SessionType | null;
  dateStatus: EarningsDateStatus;
  epsEstimate: number | null;
  revenueEstimate: number | null;
}

/** 'after the market closes (16:05 ET)', or 'time not announced'. */
function whenLabel(session: SessionType | null, time: string | null): string {
  const at = time ? ` (${time} ET)` : '';
  return session ? `${NOTIFICATION_SESSION_LABELS[session]}${at}` : time ? `at ${time} ET` : 'time not announced';
}

export function reminderNotice(row: ReportDateRow) {
  const when = whenLabel(row.session, row.time);
  const estimates = [
    row.epsEstimate === null ? null : `EPS est. ${formatEps(row.epsEstimate)}`,
    row.revenueEstimate === null ? null : `revenue est. ${money(row.revenueEstimate)}`,
  ].filter((part): part is string => part !== null);
  return {
    kind: 'earningsReminder' as const,
    eventKey: `reminder:${row.id}:${row.date}`,
    symbol: row.symbol,
    title: `${row.symbol} reports ${dayLabel(row.date)}, ${when} · ${row.dateStatus}`,
    body: `${row.name} reports ${row.period} ${row.periodYear} results on ${dayLabel(row.date)} ${when}; the date is ${row.dateStatus}.${estimates.length > 0 ? ` ${estimates.join(', ')}.` : ''}`,
    path: NOTICE_PATHS.earnings(row.symbol),
    data: {
      name: row.name,
      period: row.period,
      periodYear: row.periodYear,
      date: row.date,
      time: row.time,
      session: row.session,
      sessionLabel: row.session ? NOTIFICATION_SESSION_LABELS[row.session] : null,
      dateStatus: row.dateStatus,
      epsEstimate: row.epsEstimate,
      revenueEstimate: row.revenueEstimate,
    },
  };
}

export interface DateChangeRow {
  id: number;
  symbol: string;
  name: string;
  periodYear: number;
  period: string;
  oldDate: IsoDate | null;
  newDate: IsoDate;
  oldTime: string | null;
  newTime: string | null;
  session: SessionType | null;
  newStatus: EarningsDateStatus;
}

export function dateChangeNotice(row: DateChangeRow) {
  const from = `${row.oldDate ? dayLabel(row.oldDate) : 'unknown'}${row.oldTime ? ` ${row.oldTime} ET` : ''}`;
  const to = `${dayLabel(row.newDate)}${row.newTime ? ` ${row.newTime} ET` : ''}`;
  const what = row.oldDate === row.newDate ? 'time' : 'date';
  return {
    kind: 'dateChange' as const,
    eventKey: `date-change:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} moved its confirmed report ${what}: now ${to}`,
    body: `${row.name} moved its ${row.period} ${row.periodYear} report from ${from} to ${to} (${row.newStatus}).`,
    path: NOTICE_PATHS.earnings(row.symbol),
    data: {
      name: row.name,
      period: row.period,
      periodYear: row.periodYear,
      oldDate: row.oldDate,
      newDate: row.newDate,
      oldTime: row.oldTime,
      newTime: row.newTime,
      session: row.session,
      dateStatus: row.newStatus,
    },
  };
}

export interface RatingRow {
  id: number;
  symbol: string;
  date: IsoDate;
  firm: string;
  action: string;
  fromGrade: string | null;
  toGrade: string | null;
  priceTarget: number | null;
  priorPriceTarget: number | null;
}

export function ratingNotice(row: RatingRow) {
  const grade = row.toGrade
    ? row.fromGrade && row.fromGrade !== row.toGrade
      ? `${row.fromGrade} → ${row.toGrade}`
      : row.toGrade
    : null;
  const target =
    row.priceTarget === null
      ? null
      : row.priorPriceTarget !== null && row.priorPriceTarget !== row.priceTarget
        ? `price target ${formatPrice(row.priorPriceTarget)} → ${formatPrice(row.priceTarget)}`
        : `price target ${formatPrice(row.priceTarget)}`;
  return {
    kind: 'analystRatings' as const,
    eventKey: `rating:${row.id}`,
    symbol: row.symbol,
    title: `${row.firm} ${row.action}s ${row.symbol}${row.toGrade ? `: ${row.toGrade}` : ''}`,
    body:
      [grade, target].filter((part): part is string => part !== null).join('; ') ||
      `${row.firm} ${row.action}s ${row.symbol}.`,
    path: NOTICE_PATHS.analysts(row.symbol),
    data: { ...row },
  };
}

export interface GuidanceRow {
  id: number;
  symbol: string;
  periodYear: number;
  period: string;
  metric: 'eps' | 'revenue';
  low: number | null;
  high: number | null;
  consensus: number | null;
  issuedDate: IsoDate;
}

export function guidanceNotice(row: GuidanceRow) {
  const format = row.metric === 'eps' ? formatEps : money;
  const range =
    row.low !== null && row.high !== null && row.low !== row.high
      ? `${format(row.low)}–${format(row.high)}`
      : row.low !== null || row.high !== null
        ? format((row.low ?? row.high) as number)
        : 'no figure';
  const metric = row.metric === 'eps' ? 'EPS' : 'revenue';
  return {
    kind: 'guidance' as const,
    eventKey: `guidance:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} guides ${row.period} ${row.periodYear} ${metric}: ${range}`,
    body: `${row.symbol} expects ${metric} of ${range} for ${row.period} ${row.periodYear}${row.consensus === null ? '' : ` (consensus ${format(row.consensus)})`}.`,
    path: NOTICE_PATHS.earnings(row.symbol),
    data: { ...row },
  };
}

export interface DividendRow {
  id: number;
  symbol: string;
  amount: number;
  exDate: IsoDate;
  paymentDate: IsoDate;
}

export function dividendNotice(row: DividendRow) {
  return {
    kind: 'dividendPayment' as const,
    eventKey: `dividend:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} pays ${formatDividend(row.amount)} a share today`,
    body: `${row.symbol}'s dividend of ${formatDividend(row.amount)} a share (ex-date ${dayLabel(row.exDate)}) is paid ${dayLabel(row.paymentDate)}.`,
    path: NOTICE_PATHS.dividends(row.symbol),
    data: { ...row },
  };
}

export interface LiveCallRow {
  id: number;
  symbol: string;
  title: string;
  periodYear: number | null;
  period: string | null;
}

export function liveCallNotice(row: LiveCallRow) {
  return {
    kind: 'liveCall' as const,
    eventKey: `live:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} is live: ${row.title}`,
    body: `The ${row.symbol} call has started. Listen live.`,
    path: NOTICE_PATHS.event(row.symbol, row.id),
    data: { eventId: row.id, title: row.title, period: row.period, periodYear: row.periodYear },
  };
}

export interface FileRow {
  id: string;
  symbol: string;
  title: string;
  periodYear: number;
  period: string;
  summary?: string;
}

export function transcriptNotice(row: FileRow) {
  return {
    kind: 'eventTranscript' as const,
    eventKey: `transcript:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} ${row.period} ${row.periodYear} call transcript is ready`,
    body: row.title,
    path: NOTICE_PATHS.transcript(row.id),
    data: { fileId: row.id, title: row.title, period: row.period, periodYear: row.periodYear },
  };
}

/** A summary's first sentence or so: a notice is short. */
export const SUMMARY_EXCERPT_CHARS = 200;

export function summaryNotice(row: FileRow & { summary: string }) {
  const excerpt =
    row.summary.length > SUMMARY_EXCERPT_CHARS
      ? `${row.summary.slice(0, SUMMARY_EXCERPT_CHARS - 1).trimEnd()}…`
      : row.summary;
  return {
    kind: 'eventTranscriptSummary' as const,
    eventKey: `summary:${row.id}`,
    symbol: row.symbol,
    title: `${row.symbol} ${row.period} ${row.periodYear} call summary is ready`,
    body: excerpt,
    path: NOTICE_PATHS.transcript(row.id),
    data: { fileId: row.id, title: row.title, period: row.period, periodYear: row.periodYear },
  };
}
