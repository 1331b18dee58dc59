import type { EarningsRow } from '@eh/contracts';
import type { FiscalPeriod } from '@eh/domain';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import {
  earningsTiming,
  formatDateTime,
  formatPercent,
  periodLabel,
  TONE_COLOR,
  toneOf,
} from '../../shared/market/format.ts';
import { type SymbolEarningsRow, useGetSymbolEarningsQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { SymbolInitials } from '../../shared/symbol-logo.tsx';
import {
  dateStatusText,
  dayShiftLabel,
  epsLine,
  type FigureLine,
  reportTime,
  revenueLine,
  shortDate,
} from './calendar-format.ts';
import { SESSION_HEADINGS, sessionKeyOf } from './calendar-model.ts';
import { useTimeZone } from './calendar-preferences.ts';
import { DateStatusMark } from './date-status-mark.tsx';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * One report (the "earnings" modal, opened from a calendar entry): when exactly, in the reader's zone, how sure we
 * are and who said so, EPS and revenue against estimates with the surprise, and how the date moved.
 */
export default function EarningsModal({ entry, onClose }: ModalContentProps<'earnings'>) {
  const symbol = str(entry.props.symbol);
  const period = str(entry.props.period) as FiscalPeriod;
  const periodYear = Number(entry.props.periodYear);
  const [timeZone] = useTimeZone();
  const query = useGetSymbolEarningsQuery({ symbol, periodYear, period }, { skip: !symbol || !period });
  const row = query.data?.earnings.find((r) => r.period === period && r.periodYear === periodYear);
  const earningsTab = SYMBOL_TABS.find((tab) => tab.key === 'earnings');
  return (
    <>
      <DialogContent dividers data-testid="earnings-details">
        {query.isLoading ? (
          <LoadingRows rows={5} />
        ) : query.error ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : !row ? (
          <Typography color="text.secondary">This report is no longer on the calendar.</Typography>
        ) : (
          <ReportDetails row={row} timeZone={timeZone} name={query.data?.name ?? symbol} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button component={RouterLink} to={symbolPath(symbol, earningsTab)} variant="contained" onClick={onClose}>
          {symbol.toUpperCase()} earnings history
        </Button>
      </DialogActions>
    </>
  );
}

function ReportDetails({ row, timeZone, name }: { row: SymbolEarningsRow; timeZone: string; name: string }) {
  const timing = earningsTiming(row, timeZone);
  const { dayShift } = reportTime(row, timeZone);
  const shift = dayShiftLabel(dayShift);
  const session = sessionKeyOf(row);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <SymbolInitials symbol={row.symbol} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.2rem' }}>
            {row.symbol}{' '}
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 600 }}>
              {periodLabel(row.period, row.periodYear)}
            </Typography>
          </Typography>
          <Typography color="text.secondary" noWrap>
            {name}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="earnings-when">
            {timing.date}
            {timing.time ? ` · ${timing.time}` : ''}
            {shift ? ` (${shift} from New York)` : ''}
          </Typography>
          <DateStatusMark row={row} long />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {SESSION_HEADINGS[session]}
          {row.time ? ` · ${row.time} New York time` : ''}
        </Typography>
        <Typography variant="body2" data-testid="earnings-status-text">
          {dateStatusText(row)}
        </Typography>
      </Box>
      <FiguresTable row={row} />
      {row.estimateCount ? (
        <Typography variant="caption" color="text.secondary">
          Consensus of {row.estimateCount} analyst estimate{row.estimateCount === 1 ? '' : 's'}. Figures:{' '}
          {row.source === 'demo' ? 'demo data' : row.source}.
        </Typography>
      ) : null}
      {row.dateChanges.length > 0 ? (
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
            Date history
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }} data-testid="date-changes">
            {row.dateChanges.map((change) => (
              <Typography component="li" variant="body2" key={change.changedAt + change.newDate}>
                {change.oldDate ? `${shortDate(change.oldDate)} (${change.oldStatus ?? 'unknown'})` : 'First listed'} →{' '}
                <strong>
                  {shortDate(change.newDate)} ({change.newStatus})
                </strong>{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {formatDateTime(change.changedAt, timeZone)} · {change.source}
                </Typography>
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

function FigureCells({ line, yoy }: { line: FigureLine; yoy: number | null }) {
  const color = TONE_COLOR[line.tone];
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
        {line.label}
      </TableCell>
      <TableCell align="right">{line.estimate}</TableCell>
      <TableCell align="right" sx={{ fontWeight: 700, color: line.actual ? color : 'text.secondary' }}>
        {line.actual ?? 'Not yet'}
      </TableCell>
      <TableCell align="right" sx={{ color, fontWeight: 600 }}>
        {line.surprise
          ? `${line.surprise} ${line.verdict === 'Beat' ? 'beat' : line.verdict === 'Missed' ? 'miss' : ''}`
          : '—'}
      </TableCell>
      <TableCell align="right" sx={{ color: TONE_COLOR[toneOf(yoy)] }}>
        {formatPercent(yoy, { digits: 1 })}
      </TableCell>
    </TableRow>
  );
}

function FiguresTable({ row }: { row: EarningsRow }) {
  return (
    <TableScroll label="Estimates and actuals">
      <Table size="small" aria-label="Estimates and actuals">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Estimate</TableCell>
            <TableCell align="right">Actual</TableCell>
            <TableCell align="right">Surprise</TableCell>
            <TableCell align="right">YoY</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <FigureCells line={epsLine(row)} yoy={row.yoyPercentChangeEPS} />
          <FigureCells line={revenueLine(row)} yoy={row.yoyPercentChangeRevenue} />
        </TableBody>
      </Table>
    </TableScroll>
  );
}
