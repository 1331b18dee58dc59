import type { Dividend } from '@eh/contracts';
import { lastDividendPayment, nextDividendPayment } from '@eh/domain';

const FREQUENCY_LABELS: Record<number, string> = { 12: 'Monthly', 4: 'Quarterly', 2: 'Semi-annual', 1: 'Annual' };

export function frequencyLabel(frequency: number | null): string {
  return frequency ? (FREQUENCY_LABELS[frequency] ?? `${frequency}× a year`) : 'Irregular';
}

/** The payment the summary names: the next one when announced, else the last one paid, else nothing. */
export function paymentFact(
  items: readonly Pick<Dividend, 'paymentDate'>[],
  now: Date | number,
): { label: 'Next payment' | 'Last payment'; date: string | null } {
  const next = nextDividendPayment(items, now);
  if (next) return { label: 'Next payment', date: next.paymentDate };
  return { label: 'Last payment', date: lastDividendPayment(items, now)?.paymentDate ?? null };
}

/** Forward yield in percent: the latest amount times its frequency over the price. */
export function forwardYield(latest: Pick<Dividend, 'amount' | 'frequency'> | undefined, price: number | null) {
  const yearly = latest?.frequency ? latest.amount * latest.frequency : null;
  return yearly !== null && price ? (yearly / price) * 100 : null;
}
