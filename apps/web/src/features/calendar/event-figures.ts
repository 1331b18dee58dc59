/**
 * An event's `details` as lines a reader understands: economic figures with their unit, the Fed's target range and
 * decision, an IPO's price range and deal size, a call's release time. Keys the reader has no use for (internal
 * flags, what the heading already says) are left out; unknown keys are shown with their own name.
 */
import type { CalendarEvent } from '@eh/contracts';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDividend,
  formatPercent,
  formatPrice,
  MINUS,
  numberFormat,
} from '../../shared/market/format.ts';

export interface FigureRow {
  label: string;
  value: string;
  /** A link (webcast, filing). */
  href?: string;
}

type Details = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** A calendar date in `details` ('2026-12-08') as the rest of the page says one: 'Dec 8, 2026'. */
const day = (value: unknown): string | null => {
  const date = text(value);
  return date && formatDate(date);
};

/** Keys each kind shows in its own way, or not at all. */
const HANDLED: Readonly<Record<CalendarEvent['eventType'], readonly string[]>> = {
  economic: ['country', 'importance', 'period', 'unit', 'actual', 'forecast', 'previous', 'indicator'],
  economic_fed: [
    'country',
    'importance',
    'meetingStart',
    'meeting',
    'decision',
    'changeBps',
    'rateLow',
    'rateHigh',
    'previousLow',
    'previousHigh',
  ],
  ipo: [
    'symbol',
    'company',
    'exchange',
    'priceRangeLow',
    'priceRangeHigh',
    'ipoPrice',
    'sharesOffered',
    'dealSize',
    'demo',
  ],
  call: ['session', 'dateStatus', 'releaseAt', 'hasTranscript', 'liveTranscript', 'lengthMs', 'replay'],
  dividend_ex: ['amount', 'frequency', 'paymentDate', 'recordDate', 'exDate'],
  dividend_payment: ['amount', 'frequency', 'paymentDate', 'recordDate', 'exDate'],
};

function withUnit(value: unknown, unit: string | null): string | null {
  const n = num(value);
  if (n === null) return null;
  const size = numberFormat({ maximumFractionDigits: 2 }).format(Math.abs(n));
  const figure = n < 0 && /[1-9]/.test(size) ? `${MINUS}${size}` : size;
  if (!unit) return figure;
  return unit === '%' ? `${figure}%` : `${figure} ${unit}`;
}

const percentRange = (low: unknown, high: unknown) =>
  num(low) !== null && num(high) !== null
    ? `${formatPercent(num(low), { signed: false })}–${formatPercent(num(high), { signed: false })}`
    : null;

const capitalised = (value: string) => `${value[0]?.toUpperCase() ?? ''}${value.slice(1)}`;

function push(rows: FigureRow[], label: string, value: string | null | undefined) {
  if (value) rows.push({ label, value });
}

/** The lines of an event's figures, in the order a reader looks for them. */
export function eventFigures(event: Pick<CalendarEvent, 'eventType' | 'details'>, timeZone: string): FigureRow[] {
  const d: Details = event.details;
  const rows: FigureRow[] = [];
  switch (event.eventType) {
    case 'economic': {
      const unit = text(d.unit);
      push(rows, 'Actual', withUnit(d.actual, unit) ?? (d.actual === null ? 'Not released yet' : null));
      push(rows, 'Forecast', withUnit(d.forecast, unit));
      push(rows, 'Previous', withUnit(d.previous, unit));
      push(rows, 'Period', text(d.period));
      push(rows, 'Importance', text(d.importance) && capitalised(String(d.importance)));
      push(rows, 'Country', text(d.country));
      break;
    }
    case 'economic_fed': {
      const decision = text(d.decision);
      const change = num(d.changeBps);
      push(
        rows,
        'Decision',
        decision
          ? `${capitalised(decision)}${change ? ` (${change > 0 ? '+' : '−'}${Math.abs(change)} bp)` : ''}`
          : d.decision === null && 'rateLow' in d
            ? 'Not announced yet'
            : null,
      );
      push(rows, 'Target range', percentRange(d.rateLow, d.rateHigh));
      push(rows, 'Previous range', percentRange(d.previousLow, d.previousHigh));
      push(rows, 'Meeting began', day(d.meetingStart));
      push(rows, 'Importance', text(d.importance) && capitalised(String(d.importance)));
      break;
    }
    case 'ipo': {
      const low = num(d.priceRangeLow);
      const high = num(d.priceRangeHigh);
      push(rows, 'Exchange', text(d.exchange));
      push(rows, 'Price range', low !== null && high !== null ? `${formatPrice(low)} – ${formatPrice(high)}` : null);
      push(rows, 'Offer price', num(d.ipoPrice) !== null ? formatPrice(num(d.ipoPrice)) : 'Not priced yet');
      push(rows, 'Shares offered', num(d.sharesOffered) !== null ? formatCompact(num(d.sharesOffered)) : null);
      push(rows, 'Deal size', num(d.dealSize) !== null ? formatCompact(num(d.dealSize), { currency: true }) : null);
      break;
    }
    case 'call': {
      push(rows, 'Results released', text(d.releaseAt) && formatDateTime(String(d.releaseAt), timeZone));
      if (typeof d.hasTranscript === 'boolean')
        push(rows, 'Transcript', d.hasTranscript ? 'Yes, after the call' : 'No');
      if (typeof d.liveTranscript === 'object' && d.liveTranscript !== null)
        push(rows, 'Live transcript', 'Yes, as it is spoken');
      if (num(d.lengthMs) !== null)
        push(rows, 'Length', `About ${Math.max(1, Math.round((num(d.lengthMs) ?? 0) / 60_000))} minutes`);
      break;
    }
    case 'dividend_ex':
    case 'dividend_payment': {
      push(rows, 'Amount', num(d.amount) !== null ? formatDividend(num(d.amount)) : null);
      push(rows, 'Ex-date', day(d.exDate));
      push(rows, 'Record date', day(d.recordDate));
      push(rows, 'Payment date', day(d.paymentDate));
      break;
    }
  }
  const handled = new Set(HANDLED[event.eventType]);
  for (const [key, value] of Object.entries(d)) {
    if (handled.has(key) || value === null || value === undefined || value === '') continue;
    const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
    rows.push(/^https?:\/\//.test(shown) ? { label: key, value: shown, href: shown } : { label: key, value: shown });
  }
  return rows;
}
