/**
 * The calendar's columnar answer (`GET /pricing/assets/earnings/calendar?shape=columns`, decision 0017): the server
 * encodes its rows with {@link encodeEarningsColumns}, the web client reads them back with
 * {@link decodeEarningsColumns}. Free of zod (types only from the schema module), so the web client may import it.
 */
import { surpriseOf } from '@eh/domain';
import type { CalendarColumn, CalendarEarningsRow, EarningsColumns, EarningsRow } from './earnings.ts';

/** Every column of the schema, each once (the compiler checks both). */
const LISTED = {
  id: true,
  symbol: true,
  name: true,
  marketCap: true,
  popularity: true,
  periodYear: true,
  period: true,
  date: true,
  time: true,
  session: true,
  dateStatus: true,
  dateSource: true,
  epsEstimate: true,
  epsActual: true,
  yoyPercentChangeEPS: true,
  revenueEstimate: true,
  revenueActual: true,
  yoyPercentChangeRevenue: true,
  reportedAt: true,
  priceMovePercent: true,
  typicalMovePercent: true,
} as const satisfies Record<CalendarColumn, true>;

/** The columns, in the order they are sent. */
export const CALENDAR_COLUMNS = Object.keys(LISTED) as CalendarColumn[];

/** The calendar's fields of `rows`, one array per field, in the rows' order. */
export function encodeEarningsColumns(rows: readonly Pick<EarningsRow, CalendarColumn>[]): EarningsColumns {
  const columns = Object.fromEntries(CALENDAR_COLUMNS.map((name) => [name, [] as unknown[]])) as {
    [K in CalendarColumn]: unknown[];
  };
  for (const row of rows) for (const name of CALENDAR_COLUMNS) columns[name].push(row[name] ?? null);
  return columns as EarningsColumns;
}

/** The reports of a columnar answer as row objects, with their surprises derived as the server derives them. */
export function decodeEarningsColumns(columns: EarningsColumns, count: number): CalendarEarningsRow[] {
  const rows: CalendarEarningsRow[] = [];
  for (let i = 0; i < count; i++) {
    const row = {} as Record<CalendarColumn, unknown>;
    for (const name of CALENDAR_COLUMNS) row[name] = columns[name][i] ?? null;
    const report = row as Pick<EarningsRow, CalendarColumn>;
    const eps = surpriseOf(report.epsActual, report.epsEstimate);
    const revenue = surpriseOf(report.revenueActual, report.revenueEstimate);
    rows.push({
      ...report,
      epsSurprise: eps.surprise,
      epsSurprisePercent: eps.surprisePercent,
      revenueSurprise: revenue.surprise,
      revenueSurprisePercent: revenue.surprisePercent,
    });
  }
  return rows;
}
