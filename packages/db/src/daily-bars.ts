/** How the daily bars' quarters (decision 0054) are read in SQL: the quarter of a day, an asset's last bar. */
import { type SQL, sql } from 'drizzle-orm';

/** The first day of the quarter a date falls in: the `quarter` of its daily bar. */
export const quarterOf = (day: SQL) => sql`date_trunc('quarter', (${day})::timestamp)::date`;

/**
 * A subquery for a lateral join: the asset's last daily bar on or before the day `on` (the latest when null), as
 * `date, open, high, low, close, volume`. It reads one quarter's row through the key: the latest quarter that has
 * a day on or before `on`.
 */
export function lastDailyBar(assetId: SQL, on: SQL | null): SQL {
  const quarter = on === null ? sql`` : sql`and q.quarter <= ${on} and q.quarter + q.days[1] <= ${on}`;
  return sql`(
    select q.quarter + b.day as date, b.open, b.high, b.low, b.close, b.volume
    from (select * from ohlc_quarters q where q.asset_id = ${assetId} ${quarter} order by q.quarter desc limit 1) q
    cross join lateral unnest(q.days, q.open, q.high, q.low, q.close, q.volume) as b(day, open, high, low, close, volume)
    ${on === null ? sql`` : sql`where q.quarter + b.day <= ${on}`}
    order by b.day desc limit 1)`;
}
