import { type IsoDate, nyDate } from '@eh/domain';
import { Box, Button, Divider, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  dateSourceLabel,
  earningsTiming,
  formatCompact,
  formatDate,
  formatEps,
  periodLabel,
  relativeDays,
} from '../../shared/market/format.ts';
import type { SymbolEarningsRow } from '../../shared/market/market-api.ts';
import { LoadingShape } from '../../shared/query-state.tsx';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { DateStatusChip } from './date-status-chip.tsx';
import { isReported, nextReport, reportedRows } from './earnings-view.ts';

const EARNINGS_TAB = SYMBOL_TABS.find((tab) => tab.key === 'earnings');

/**
 * How far the report is from today: "in 4 days" while it is to come. A report whose figures came out before its
 * date says so instead, so the card never calls a published quarter upcoming.
 */
function whenSaid(row: SymbolEarningsRow, today: IsoDate): string {
  if (!isReported(row)) return row.date >= today ? ` · ${relativeDays(row.date, today)}` : '';
  const reportedOn = row.reportedAt ? nyDate(new Date(row.reportedAt)) : null;
  return reportedOn && reportedOn < row.date
    ? ` · reported ${relativeDays(reportedOn, today)}, ahead of this date`
    : '';
}

/** One report's timing: date, exact time in the reader's zone, session, status and source. */
export function ReportTiming({ row }: { row: SymbolEarningsRow }) {
  const timeZone = useTimeZone();
  const timing = earningsTiming(row, timeZone);
  const today = nyDate(Date.now());
  return (
    <Box data-testid="report-timing">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }} data-testid="report-date">
          {timing.date}
        </Typography>
        <DateStatusChip status={row.dateStatus} />
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.25 }}>
        {[timing.time, timing.session].filter(Boolean).join(' · ') || 'Time not announced yet'}
        {whenSaid(row, today)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
        Source: {dateSourceLabel(row.dateSource)}
      </Typography>
    </Box>
  );
}

/** The date's moves, newest last: each old and new date, with status and source. */
export function DateChanges({ row }: { row: SymbolEarningsRow }) {
  const changes = row.dateChanges.filter((change) => change.oldDate !== null || change.oldStatus !== null);
  if (changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 2.5 }} data-testid="date-changes">
      {changes.map((change) => (
        <Typography component="li" variant="body2" key={`${change.changedAt}-${change.newDate}`} color="text.secondary">
          {formatDate(change.changedAt.slice(0, 10))}:{' '}
          {change.oldDate && change.oldDate !== change.newDate
            ? `moved from ${formatDate(change.oldDate)} to ${formatDate(change.newDate)}`
            : `${formatDate(change.newDate)}`}
          {change.oldStatus !== change.newStatus ? `, ${change.oldStatus ?? 'new'} → ${change.newStatus}` : ''}
          {change.newTime && change.newTime !== change.oldTime ? `, time ${change.newTime} ET` : ''} (
          {dateSourceLabel(change.source)})
        </Typography>
      ))}
    </Box>
  );
}

/** The next report with its estimates, or the latest one when none is scheduled. */
export function NextEarnings({
  symbol,
  rows,
  compact,
  historyLink = true,
}: {
  symbol: string;
  rows: readonly SymbolEarningsRow[];
  compact?: boolean;
  /** Offer the earnings tab (not on the earnings tab itself). */
  historyLink?: boolean;
}) {
  const today = nyDate(Date.now());
  const next = nextReport(rows, today);
  const latest = reportedRows(rows)[0];
  const row = next ?? latest;
  if (!row) return <Typography color="text.secondary">No reports on record yet.</Typography>;
  return (
    <Box data-testid="next-earnings">
      <Typography variant="overline" color="text.secondary" component="p">
        {next
          ? `Next report · ${periodLabel(row.period, row.periodYear)}`
          : `Latest report · ${periodLabel(row.period, row.periodYear)}`}
      </Typography>
      <ReportTiming row={row} />
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            EPS {next ? 'estimate' : 'actual'}
          </Typography>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatEps(next ? row.epsEstimate : row.epsActual)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Revenue {next ? 'estimate' : 'actual'}
          </Typography>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatCompact(next ? row.revenueEstimate : row.revenueActual, { currency: true })}
          </Typography>
        </Box>
      </Box>
      {next && !compact ? <DateChanges row={row} /> : null}
      {EARNINGS_TAB && historyLink && !compact ? (
        <Button component={RouterLink} to={symbolPath(symbol, EARNINGS_TAB)} size="small" sx={{ mt: 1.5, ml: -1 }}>
          Earnings history
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * NextEarnings' shape while its rows load, line for line in the same type (the date, time and source lines, the two
 * figures, a small button's height for the history link), so the card keeps its height when they land.
 */
export function NextEarningsPlaceholder({ compact, historyLink = true }: { compact?: boolean; historyLink?: boolean }) {
  return (
    <LoadingShape>
      <Typography variant="overline" component="p">
        <Skeleton width="45%" />
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
        <Skeleton width="50%" />
      </Typography>
      <Typography sx={{ mt: 0.25 }}>
        <Skeleton width="60%" />
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.25 }}>
        <Skeleton width="35%" />
      </Typography>
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {[0, 1].map((column) => (
          <Box key={column}>
            <Typography variant="body2">
              <Skeleton width="70%" />
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <Skeleton width="50%" />
            </Typography>
          </Box>
        ))}
      </Box>
      {historyLink && !compact ? <Skeleton variant="rounded" width={130} height={30.75} sx={{ mt: 1.5 }} /> : null}
    </LoadingShape>
  );
}
