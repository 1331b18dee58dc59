import { addDays, MARKET_TIME_ZONE, type SessionType, US_DST_RULE_SINCE } from '@eh/domain';
import { type IcsComponent, type IcsProperty, icsDate, icsLocalDateTime, icsUtc, serializeIcs, text } from './ics.ts';
import type { FeedReportRow } from './queries.ts';

/** Calendar apps poll a subscribed feed at their own pace; these ask for hourly (RFC 7986 and Outlook's hint). */
export const FEED_REFRESH_INTERVAL = 'PT1H';
/** A timed report: the release and its call fill about the hour after the time given. */
export const TIMED_REPORT_DURATION = 'PT1H';

/** How a report's session reads in a calendar title: 'AAPL earnings (after market close)'. */
export const FEED_SESSION_LABELS: Readonly<Record<SessionType, string>> = {
  before: 'before market open',
  market: 'during market hours',
  after: 'after market close',
};

export interface FeedInput {
  appName: string;
  /** The product's address, without a trailing slash: events link to its pages, UIDs carry its host. */
  publicUrl: string;
  reports: readonly FeedReportRow[];
}

/**
 * New York's rule since 2007 (second Sunday of March to first Sunday of November), so timed events keep their
 * wall-clock time in every calendar app whatever the user's own zone.
 */
const NEW_YORK: IcsComponent = {
  name: 'VTIMEZONE',
  properties: [{ name: 'TZID', value: MARKET_TIME_ZONE }],
  components: [
    {
      name: 'DAYLIGHT',
      properties: [
        { name: 'TZOFFSETFROM', value: '-0500' },
        { name: 'TZOFFSETTO', value: '-0400' },
        { name: 'TZNAME', value: 'EDT' },
        { name: 'DTSTART', value: `${US_DST_RULE_SINCE}0311T020000` },
        { name: 'RRULE', value: 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU' },
      ],
    },
    {
      name: 'STANDARD',
      properties: [
        { name: 'TZOFFSETFROM', value: '-0400' },
        { name: 'TZOFFSETTO', value: '-0500' },
        { name: 'TZNAME', value: 'EST' },
        { name: 'DTSTART', value: `${US_DST_RULE_SINCE}1104T020000` },
        { name: 'RRULE', value: 'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU' },
      ],
    },
  ],
};

/** The product page of a report: the symbol's earnings tab (apps/web routes: /quote/:symbol/earnings). */
export const reportPath = (symbol: string) => `/quote/${encodeURIComponent(symbol)}/earnings`;

export function reportSummary(report: Pick<FeedReportRow, 'symbol' | 'session'>): string {
  return report.session
    ? `${report.symbol} earnings (${FEED_SESSION_LABELS[report.session]})`
    : `${report.symbol} earnings`;
}

function description(report: FeedReportRow, url: string): string {
  const when = report.time
    ? `${report.time} New York time${report.session ? `, ${FEED_SESSION_LABELS[report.session]}` : ''}`
    : report.session
      ? FEED_SESSION_LABELS[report.session]
      : 'time not announced';
  const status =
    report.dateStatus === 'confirmed' ? 'confirmed by the company' : 'estimated (not yet confirmed by the company)';
  return [
    `${report.name} (${report.symbol}) ${report.period} ${report.periodYear} earnings.`,
    `Session: ${when}`,
    `Date: ${status}`,
    url,
  ].join('\n');
}

function reportEvent(report: FeedReportRow, input: FeedInput, host: string): IcsComponent {
  const url = `${input.publicUrl}${reportPath(report.symbol)}`;
  const stamp = icsUtc(report.updatedAt);
  const when: IcsProperty[] = report.time
    ? [
        { name: 'DTSTART', params: { TZID: MARKET_TIME_ZONE }, value: icsLocalDateTime(report.date, report.time) },
        { name: 'DURATION', value: TIMED_REPORT_DURATION },
      ]
    : [
        // Only the day (and maybe the session) is known: an all-day event, ending the next day (exclusive).
        { name: 'DTSTART', params: { VALUE: 'DATE' }, value: icsDate(report.date) },
        { name: 'DTEND', params: { VALUE: 'DATE' }, value: icsDate(addDays(report.date, 1)) },
      ];
  return {
    name: 'VEVENT',
    properties: [
      // One UID per report for good: a moved date updates the same event in the user's calendar.
      { name: 'UID', value: `earnings-${report.id}@${host}` },
      { name: 'DTSTAMP', value: stamp },
      { name: 'LAST-MODIFIED', value: stamp },
      // Each recorded move of the date or time is a revision the calendar app must take over its copy.
      { name: 'SEQUENCE', value: String(report.changes) },
      ...when,
      text('SUMMARY', reportSummary(report)),
      text('DESCRIPTION', description(report, url)),
      { name: 'URL', params: { VALUE: 'URI' }, value: url },
      { name: 'STATUS', value: report.dateStatus === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE' },
      text('CATEGORIES', 'Earnings'),
      // A report is not a meeting: it never makes the user look busy.
      { name: 'TRANSP', value: 'TRANSPARENT' },
    ],
  };
}

/** The user's earnings calendar as an RFC 5545 stream: one VEVENT per report. */
export function buildFeed(input: FeedInput): string {
  const host = new URL(input.publicUrl).host;
  const name = `${input.appName} earnings`;
  const timed = input.reports.some((report) => report.time);
  return serializeIcs({
    name: 'VCALENDAR',
    properties: [
      text('PRODID', `-//${input.appName}//Earnings calendar feed//EN`),
      { name: 'VERSION', value: '2.0' },
      { name: 'CALSCALE', value: 'GREGORIAN' },
      { name: 'METHOD', value: 'PUBLISH' },
      text('NAME', name),
      text('X-WR-CALNAME', name),
      text('X-WR-CALDESC', `Earnings dates of the stocks in your ${input.appName} lists and alerts`),
      text('X-WR-TIMEZONE', MARKET_TIME_ZONE),
      { name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: FEED_REFRESH_INTERVAL },
      { name: 'X-PUBLISHED-TTL', value: FEED_REFRESH_INTERVAL },
      { name: 'URL', params: { VALUE: 'URI' }, value: input.publicUrl },
    ],
    components: [...(timed ? [NEW_YORK] : []), ...input.reports.map((report) => reportEvent(report, input, host))],
  });
}
