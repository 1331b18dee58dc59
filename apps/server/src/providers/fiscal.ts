/**
 * Fiscal quarters from dates, for vendors that give a period's end date but not our (periodYear, period) label.
 *
 * Companies on 52/53-week years end their quarters on a weekday near a month's end, sometimes a few days into the
 * next month (Apple's fiscal 2023 ended 2023-09-30, fiscal 2022 on 2022-09-24; NVIDIA's fiscal 2025 ended
 * 2025-01-26). So a period end is read as the month it closes: a date in the first half of a month closes the
 * month before (2022-10-01 closes September). The fiscal year is named by the calendar year it ends in (NVIDIA's
 * year ended 2025-01-26 is fiscal 2025); Q1 closes three months after the fiscal year-end month.
 */
import { FISCAL_PERIODS, type FiscalPeriod, type IsoDate } from '@eh/domain';

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export interface FiscalQuarter {
  periodYear: number;
  period: FiscalPeriod;
}

const LAST_DAY_OF_PREVIOUS_MONTH = 15;

function parts(date: IsoDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? Number.NaN, month: month ?? Number.NaN, day: day ?? Number.NaN };
}

/** The month a period ending on `date` closes (see the module comment). */
export function closingMonth(date: IsoDate): YearMonth {
  const { year, month, day } = parts(date);
  if (day > LAST_DAY_OF_PREVIOUS_MONTH) return { year, month };
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The fiscal year-end month of an SEC `fiscalYearEnd` ('MMDD', e.g. '0926', '0131') or a year-end date. */
export function fiscalYearEndMonthOf(value: string | null | undefined): number | null {
  if (!value) return null;
  if (/^\d{4}$/.test(value)) return closingMonth(`2001-${value.slice(0, 2)}-${value.slice(2)}`).month;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return closingMonth(value.slice(0, 10)).month;
  return null;
}

/** The fiscal quarter a quarterly period ending on `periodEnd` is; null when it does not close a quarter. */
export function fiscalQuarterOf(periodEnd: IsoDate, fiscalYearEndMonth: number): FiscalQuarter | null {
  return fiscalQuarterOfMonth(closingMonth(periodEnd), fiscalYearEndMonth);
}

function fiscalQuarterOfMonth({ year, month }: YearMonth, fiscalYearEndMonth: number): FiscalQuarter | null {
  const monthsAfterYearEnd = (((month - fiscalYearEndMonth) % 12) + 12) % 12;
  if (monthsAfterYearEnd % 3 !== 0) return null;
  const quarter = monthsAfterYearEnd === 0 ? 4 : monthsAfterYearEnd / 3;
  const period = FISCAL_PERIODS[quarter - 1];
  if (!period) return null;
  return { periodYear: month > fiscalYearEndMonth ? year + 1 : year, period };
}

/** The fiscal year a year-long period ending on `periodEnd` is. */
export function fiscalYearOf(periodEnd: IsoDate): number {
  return closingMonth(periodEnd).year;
}

/**
 * The quarter an earnings release on `releaseDate` reports: the last quarter that closed in a month before the
 * release's month (a release comes weeks after its quarter; a quarter closing on 2025-01-26 is released in
 * February).
 */
export function fiscalQuarterReportedOn(releaseDate: IsoDate, fiscalYearEndMonth: number): FiscalQuarter {
  const { year, month } = parts(releaseDate);
  for (let back = 1; back <= 3; back += 1) {
    const total = year * 12 + (month - 1) - back;
    const quarter = fiscalQuarterOfMonth({ year: Math.floor(total / 12), month: (total % 12) + 1 }, fiscalYearEndMonth);
    if (quarter) return quarter;
  }
  throw new RangeError(`Invalid fiscal year-end month ${fiscalYearEndMonth}`);
}

export function quarterKey({ periodYear, period }: FiscalQuarter): string {
  return `${periodYear}-${period}`;
}
