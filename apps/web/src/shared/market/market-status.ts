/**
 * The market's state in one line for the quote header (SPEC §3 market day status, session types): open,
 * pre-market, after hours or closed, with the next open or close in the reader's time zone.
 */
import type { MarketStatusResponse } from './market-api.ts';

export interface MarketStatusLine {
  /** 'Market open', 'Pre-market', 'After hours', 'Market closed'. */
  label: string;
  /** 'Closes 4:00 PM EST', 'Opens Mon 9:30 AM EST'; holiday or early close noted. */
  detail: string;
  open: boolean;
}

function at(instant: string, timeZone: string, withDay: boolean): string {
  return new Date(instant).toLocaleString('en-US', {
    timeZone,
    ...(withDay ? { weekday: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

export function marketStatusLine(status: MarketStatusResponse, timeZone: string): MarketStatusLine {
  const earlyClose = status.dayStatus === 'early-close' ? ' (early close)' : '';
  switch (status.status) {
    case 'open':
      return {
        label: 'Market open',
        detail: `Closes ${at(status.nextClose, timeZone, false)}${earlyClose}`,
        open: true,
      };
    case 'pre':
      return { label: 'Pre-market', detail: `Opens ${at(status.nextOpen, timeZone, false)}`, open: false };
    case 'after':
      return { label: 'After hours', detail: `Opens ${at(status.nextOpen, timeZone, true)}`, open: false };
    default: {
      const holiday = status.holiday ? `${status.holiday}. ` : '';
      return { label: 'Market closed', detail: `${holiday}Opens ${at(status.nextOpen, timeZone, true)}`, open: false };
    }
  }
}
