import { describe, expect, it } from 'vitest';
import {
  type EarningsDateFacts,
  filingConfirmsReport,
  isEarningsRelease,
  mergeEarningsDate,
} from './earnings-dates.ts';

const estimated: EarningsDateFacts = {
  date: '2026-01-29',
  time: null,
  session: 'after',
  status: 'estimated',
  source: 'yahoo',
};
const confirmed: EarningsDateFacts = {
  date: '2026-01-29',
  time: '16:30',
  session: 'after',
  status: 'confirmed',
  source: 'company',
};

describe(mergeEarningsDate.name, () => {
  it('stores the first statement as it is, with no history row', () => {
    expect(mergeEarningsDate(null, estimated)).toEqual({ next: estimated, change: null });
  });

  it('never lets an estimate overwrite a confirmed date', () => {
    const decision = mergeEarningsDate(confirmed, { ...estimated, date: '2026-02-05', source: 'yahoo' });
    expect(decision).toEqual({ next: confirmed, change: null });
  });

  it('confirms an estimate and records the status change with the new source', () => {
    const decision = mergeEarningsDate(estimated, confirmed);
    expect(decision.next).toEqual(confirmed);
    expect(decision.change).toEqual({
      oldDate: '2026-01-29',
      newDate: '2026-01-29',
      oldTime: null,
      newTime: '16:30',
      oldStatus: 'estimated',
      newStatus: 'confirmed',
      source: 'company',
    });
  });

  it('moves an estimate to a newer estimate and records old → new', () => {
    const decision = mergeEarningsDate(estimated, { ...estimated, date: '2026-02-03', source: 'nasdaq' });
    expect(decision.next).toMatchObject({ date: '2026-02-03', status: 'estimated', source: 'nasdaq' });
    expect(decision.change).toMatchObject({ oldDate: '2026-01-29', newDate: '2026-02-03', source: 'nasdaq' });
  });

  it('accepts a company rescheduling a confirmed date', () => {
    const decision = mergeEarningsDate(confirmed, {
      ...confirmed,
      date: '2026-02-02',
      time: '08:00',
      session: 'before',
    });
    expect(decision.next).toMatchObject({ date: '2026-02-02', time: '08:00', session: 'before' });
    expect(decision.change).toMatchObject({ oldDate: '2026-01-29', newDate: '2026-02-02', oldTime: '16:30' });
  });

  it('keeps the known time and session when a same-day confirmation gives only the day', () => {
    const withTime = { ...estimated, time: '16:05' };
    const decision = mergeEarningsDate(withTime, {
      date: withTime.date,
      time: null,
      session: null,
      status: 'confirmed',
      source: 'sec',
    });
    expect(decision.next).toEqual({ ...withTime, status: 'confirmed', source: 'sec' });
    expect(decision.change).toMatchObject({ oldTime: '16:05', newTime: '16:05', newStatus: 'confirmed' });
  });

  it('drops the old time when the day moves and the new statement has none', () => {
    const decision = mergeEarningsDate({ ...estimated, time: '16:05' }, { ...estimated, date: '2026-02-04' });
    expect(decision.next.time).toBeNull();
    expect(decision.change).toMatchObject({ oldTime: '16:05', newTime: null });
  });

  it('changes nothing, source included, when another source repeats the same facts', () => {
    expect(mergeEarningsDate(confirmed, { ...confirmed, source: 'nasdaq' })).toEqual({ next: confirmed, change: null });
  });

  it('updates a session without a history row (date, time and status did not move)', () => {
    const decision = mergeEarningsDate(estimated, { ...estimated, session: 'before' });
    expect(decision.next.session).toBe('before');
    expect(decision.change).toBeNull();
  });
});

describe(isEarningsRelease.name, () => {
  it('is an 8-K or 8-K/A with Item 2.02', () => {
    expect(isEarningsRelease({ form: '8-K', items: ['2.02', '9.01'] })).toBe(true);
    expect(isEarningsRelease({ form: '8-K/A', items: ['Item 2.02'] })).toBe(true);
    expect(isEarningsRelease({ form: '8-K', items: ['5.02', '9.01'] })).toBe(false);
    expect(isEarningsRelease({ form: '10-Q', items: ['2.02'] })).toBe(false);
    expect(isEarningsRelease({ form: '8-K', items: [] })).toBe(false);
  });
});

describe(filingConfirmsReport.name, () => {
  const release = (filedDate: string) => ({ form: '8-K', items: ['2.02', '9.01'], filedDate });

  it('confirms a report filed the same day', () => {
    expect(filingConfirmsReport({ date: '2026-01-29', time: null, session: 'before' }, release('2026-01-29'))).toBe(
      true,
    );
  });

  it('accepts the next business day only for a report after the close', () => {
    expect(filingConfirmsReport({ date: '2026-01-29', time: null, session: 'after' }, release('2026-01-30'))).toBe(
      true,
    );
    expect(filingConfirmsReport({ date: '2026-01-29', time: null, session: 'before' }, release('2026-01-30'))).toBe(
      false,
    );
    expect(filingConfirmsReport({ date: '2026-01-29', time: null, session: 'after' }, release('2026-01-31'))).toBe(
      false,
    );
  });

  it('derives the session from the time when the session is unknown', () => {
    expect(filingConfirmsReport({ date: '2026-01-29', time: '16:05', session: null }, release('2026-01-30'))).toBe(
      true,
    );
    expect(filingConfirmsReport({ date: '2026-01-29', time: '07:00', session: null }, release('2026-01-30'))).toBe(
      false,
    );
    expect(filingConfirmsReport({ date: '2026-01-29', time: null, session: null }, release('2026-01-30'))).toBe(false);
  });

  it('carries a Friday-evening release over the weekend to Monday', () => {
    // 2026-01-30 is a Friday; the next business day is Monday 2026-02-02.
    expect(filingConfirmsReport({ date: '2026-01-30', time: '16:10', session: 'after' }, release('2026-02-02'))).toBe(
      true,
    );
  });

  it('never confirms from a filing that is not an earnings release, or filed before the report', () => {
    const report = { date: '2026-01-29', time: null, session: 'after' } as const;
    expect(filingConfirmsReport(report, { form: '8-K', items: ['5.07'], filedDate: '2026-01-29' })).toBe(false);
    expect(filingConfirmsReport(report, release('2026-01-28'))).toBe(false);
  });
});
