import type { CalendarEarningsRow, CalendarEvent } from '@eh/contracts';
import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { dateTimeFormat, formatPercent } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { SymbolInitials } from '../../shared/symbol-logo.tsx';
import {
  dayHeading,
  dayShiftLabel,
  epsLine,
  type FigureLine,
  type MoveLine,
  moveLine,
  reportTime,
  revenueLine,
} from './calendar-format.ts';
import { SESSION_HEADINGS, sessionKeyOf } from './calendar-model.ts';
import { DateStatusMark } from './date-status-mark.tsx';
import { useLiveReportMove } from './live-report-moves.tsx';

/** A button that covers its whole card (the card's other controls sit above it). */
export const stretchedButtonSx = {
  appearance: 'none',
  border: 0,
  p: 0,
  m: 0,
  bgcolor: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible::after': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** The accessible name of a report's button: what, when (the visible symbol first). */
export function entryLabel(row: CalendarEarningsRow): string {
  return `${row.symbol}, ${row.name}: ${dayHeading(row.date)}, ${SESSION_HEADINGS[sessionKeyOf(row)].toLowerCase()}`;
}

export function openEarnings(row: CalendarEarningsRow) {
  return modalOpened({
    kind: 'earnings',
    props: { id: row.id, symbol: row.symbol, periodYear: row.periodYear, period: row.period, date: row.date },
  });
}

const TONE_COLOR = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** 'EPS $1.32 vs $1.20 est. +10.0%' once reported, 'EPS est. $1.20' before; without the label under a column heading. */
export function FigureText({
  line,
  dense = false,
  label = true,
}: {
  line: FigureLine;
  dense?: boolean;
  label?: boolean;
}) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{
        display: 'block',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        color: 'text.secondary',
      }}
    >
      {label ? (
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', mr: 0.5 }}>
          {line.label}
        </Box>
      ) : null}
      {line.actual !== null ? (
        <>
          <Box component="span" sx={{ color: TONE_COLOR[line.tone], fontWeight: 700 }}>
            {line.actual}
          </Box>
          {` vs ${line.estimate}${dense ? '' : ' est.'}`}
          {line.surprise ? (
            <Box component="span" sx={{ color: TONE_COLOR[line.tone], fontWeight: 600 }}>
              {` ${line.surprise}`}
            </Box>
          ) : null}
        </>
      ) : (
        `${label ? 'est. ' : 'Est. '}${line.estimate}`
      )}
    </Typography>
  );
}

/** '±6.1%': how much the company moves on average after its reports; nothing when it has no such figure. */
export function TypicalMove({ row }: { row: Pick<CalendarEarningsRow, 'typicalMovePercent' | 'symbol'> }) {
  const value = row.typicalMovePercent;
  if (value == null) return null;
  const figure = `±${formatPercent(value, { signed: false, digits: 1 })}`;
  return (
    <Typography
      component="span"
      variant="caption"
      data-testid="typical-move"
      title={`${row.symbol} moves ${figure} on average after its reports`}
      aria-label={`Typical move ${figure}`}
      sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: 'text.secondary' }}
    >
      {figure}
    </Typography>
  );
}

/** The report's move once the stock trades on it (stored, or live while it happens); null before. */
export function useReportMove(row: Pick<CalendarEarningsRow, 'id' | 'symbol' | 'priceMovePercent'>): MoveLine | null {
  return moveLine(row, useLiveReportMove(row.id));
}

/** 'Move −1.9%', 'Move +0.6% after hours'; without the label under a column heading. */
export function MoveText({ line, label = true }: { line: MoveLine; label?: boolean }) {
  return (
    <Typography
      component="span"
      variant="caption"
      data-testid="report-move"
      title={line.label}
      aria-label={line.label}
      sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {label ? (
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', mr: 0.5 }}>
          Move
        </Box>
      ) : null}
      <Box component="span" sx={{ color: TONE_COLOR[line.tone], fontWeight: 700 }}>
        {line.figure}
      </Box>
      {line.when ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {` ${line.when}`}
        </Box>
      ) : null}
    </Typography>
  );
}

/** The list's Move column: the report's move, else the company's typical move. */
export function MoveFigure({
  row,
}: {
  row: Pick<CalendarEarningsRow, 'id' | 'symbol' | 'priceMovePercent' | 'typicalMovePercent'>;
}) {
  const line = useReportMove(row);
  return line ? <MoveText line={line} label={false} /> : <TypicalMove row={row} />;
}

export interface TimeLabelProps {
  row: CalendarEarningsRow;
  timeZone: string;
}

/** The exact time in the reader's zone, or the session when the hour is not announced. */
export function TimeLabel({ row, timeZone }: TimeLabelProps) {
  const { time, dayShift } = reportTime(row, timeZone);
  const shift = dayShiftLabel(dayShift);
  const session = sessionKeyOf(row);
  return (
    <Typography
      component="span"
      variant="caption"
      data-testid="report-time"
      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {time ?? (session === 'unknown' ? 'Time not announced' : SESSION_HEADINGS[session])}
      {shift ? (
        <Box
          component="span"
          sx={{ color: 'warning.main', ml: 0.5 }}
          title="In your time zone this falls on another day"
        >
          {shift}
        </Box>
      ) : null}
    </Typography>
  );
}

export interface CallButtonProps {
  call: CalendarEvent;
  timeZone: string;
}

/** The report's earnings call: opens the call event. */
export function CallButton({ call, timeZone }: CallButtonProps) {
  const dispatch = useAppDispatch();
  const at = dateTimeFormat({ timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(call.eventDate));
  const live = call.eventStatus === 'live';
  return (
    <Box
      component="button"
      type="button"
      onClick={() => dispatch(modalOpened({ kind: 'callEvent', props: { id: call.id } }))}
      aria-label={`${live ? 'Live now: ' : ''}earnings call at ${at}`}
      data-testid="call-button"
      sx={{
        position: 'relative',
        zIndex: 1,
        appearance: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        border: 1,
        borderColor: live ? 'error.main' : 'divider',
        borderRadius: 10,
        bgcolor: live ? 'error.main' : 'transparent',
        color: live ? 'error.contrastText' : 'text.secondary',
        px: 0.75,
        height: 22,
        whiteSpace: 'nowrap',
        flexShrink: 0,
        font: 'inherit',
        fontSize: '0.7rem',
        fontWeight: 600,
        cursor: 'pointer',
        '&:hover': { borderColor: 'primary.main', color: live ? undefined : 'primary.main' },
      }}
    >
      <HeadsetMicOutlinedIcon aria-hidden sx={{ fontSize: 14 }} />
      {live ? 'Live' : at}
    </Box>
  );
}

export interface EarningsCardProps {
  row: CalendarEarningsRow;
  timeZone: string;
  call?: CalendarEvent | undefined;
  /** Shown because the reader expanded the symbols the filter hides. */
  revealed?: boolean;
}

/**
 * One report in the week grid: symbol and name, the confirmed / estimated mark, the exact time in the reader's
 * zone, and EPS and revenue (estimate before the report, actual against estimate with the surprise after).
 */
export const EarningsCard = memo(function EarningsCard({ row, timeZone, call, revealed = false }: EarningsCardProps) {
  const dispatch = useAppDispatch();
  const eps = epsLine(row);
  const move = useReportMove(row);
  const revenue = revenueLine(row);
  return (
    <Box
      data-testid="calendar-entry"
      data-symbol={row.symbol}
      data-revealed={revealed || undefined}
      sx={(theme) => ({
        position: 'relative',
        height: '100%',
        display: 'grid',
        gridTemplateColumns: '32px minmax(0, 1fr)',
        columnGap: 1,
        rowGap: 0.25,
        alignContent: 'start',
        p: 1,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: revealed ? alpha(theme.palette.text.primary, 0.03) : 'background.paper',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: `0 1px 6px ${alpha(theme.palette.common.black, 0.12)}` },
      })}
    >
      <SymbolInitials symbol={row.symbol} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Box
            component="button"
            type="button"
            onClick={() => dispatch(openEarnings(row))}
            sx={{ ...stretchedButtonSx, fontWeight: 700, fontSize: '0.9rem', flexShrink: 0 }}
            aria-label={entryLabel(row)}
          >
            {row.symbol}
          </Box>
          <Box sx={{ flex: 1 }} />
          <Box sx={{ position: 'relative', zIndex: 1, display: 'inline-flex' }}>
            <DateStatusMark row={row} />
          </Box>
        </Box>
        <Typography
          variant="caption"
          component="div"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.3 }}
        >
          {row.name}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, mt: 0.25 }}>
        <TimeLabel row={row} timeZone={timeZone} />
        <Box sx={{ flex: 1 }} />
        {move ? null : <TypicalMove row={row} />}
        {call ? <CallButton call={call} timeZone={timeZone} /> : null}
      </Box>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <FigureText line={eps} dense />
        <FigureText line={revenue} dense />
        {move ? <MoveText line={move} /> : null}
      </Box>
    </Box>
  );
});
