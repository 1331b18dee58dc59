/**
 * Which dividend payment a reader is told about. "Next" is never in the past: a payment counts as next from the
 * day it is announced through its payment day, judged on the New York calendar date (DESIGN §6 "today").
 */
import { type IsoDate, nyDate } from './time.ts';

interface Payable {
  paymentDate: IsoDate | null;
}

/** The earliest payment on or after the New York date of `now`; null when none is announced. */
export function nextDividendPayment<T extends Payable>(items: readonly T[], now: Date | number): T | null {
  const today = nyDate(now);
  let next: T | null = null;
  for (const item of items) {
    if (item.paymentDate === null || item.paymentDate < today) continue;
    if (next === null || item.paymentDate < (next.paymentDate ?? '')) next = item;
  }
  return next;
}

/** The latest payment before the New York date of `now`; null when nothing has been paid yet. */
export function lastDividendPayment<T extends Payable>(items: readonly T[], now: Date | number): T | null {
  const today = nyDate(now);
  let last: T | null = null;
  for (const item of items) {
    if (item.paymentDate === null || item.paymentDate >= today) continue;
    if (last === null || item.paymentDate > (last.paymentDate ?? '')) last = item;
  }
  return last;
}
