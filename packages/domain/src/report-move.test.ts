import { describe, expect, it } from 'vitest';
import { describeReportMove, NO_STORED_REACTION, type ReportMoveFacts, reportMove } from './report-move.ts';
import { nyToUtc } from './time.ts';

// Wed 4 Nov 2026 reports; Tue 3 Nov is the session before, Thu 5 Nov the one after.
const ms = (date: string, time: string) => nyToUtc(date, time).getTime();
const at = nyToUtc;
const NOTHING: ReportMoveFacts = {
  date: '2026-11-04',
  time: null,
  session: null,
  reportedAtMs: null,
  ...NO_STORED_REACTION,
  price: null,
  prevClose: null,
  extendedPrice: null,
  extendedSession: null,
  extendedAtMs: null,
  quotedAtMs: null,
};
const beforeOpen = { ...NOTHING, time: '07:00', session: 'before' as const };
const afterClose = { ...NOTHING, time: '16:05', session: 'after' as const };
const stored = {
  reactionReportDate: '2026-11-04',
  reactionSession: 'before' as const,
  reactionDate: '2026-11-04',
  gapPercent: 3.14,
  oneDayPercent: 2.36,
  reactionComputedAtMs: ms('2026-11-04', '16:30'),
};
/** Wednesday's close with Thursday's after-hours price kept, as the quote stands that evening. */
const afterHoursQuote = {
  price: 100,
  prevClose: 95,
  extendedPrice: 103.1,
  extendedSession: 'after' as const,
  extendedAtMs: ms('2026-11-04', '17:00'),
  quotedAtMs: ms('2026-11-04', '16:00'),
};
const told = (facts: ReportMoveFacts, now: Date) => {
  const move = reportMove(facts, now);
  return move && describeReportMove(move);
};

describe(reportMove.name, () => {
  it("tells the stored reaction, gap and one-day move from the base close, once its day's close is past", () => {
    const facts = { ...beforeOpen, ...stored, ...afterHoursQuote };
    expect(reportMove(facts, at('2026-11-04', '18:00'))).toEqual({
      when: 'reaction',
      percent: 2.36,
      gapPercent: 3.14,
      oneDayPercent: 2.36,
    });
    expect(told(facts, at('2026-11-04', '18:00'))).toBe('shares opened +3.1% and closed +2.4%');
  });

  it('never tells a reaction worked out from a bar of a day still trading, nor one stale or pending', () => {
    const midSession = { ...beforeOpen, ...stored, reactionComputedAtMs: ms('2026-11-04', '15:00') };
    expect(reportMove(midSession, at('2026-11-04', '18:00'))).toBeNull();
    // The report moved since the row was stored, or the reaction has not traded.
    expect(
      reportMove({ ...beforeOpen, ...stored, reactionReportDate: '2026-11-03' }, at('2026-11-05', '18:00')),
    ).toBeNull();
    expect(reportMove({ ...beforeOpen, ...stored, reactionSession: 'after' }, at('2026-11-05', '18:00'))).toBeNull();
    expect(reportMove({ ...beforeOpen, ...stored, reactionReason: 'pending' }, at('2026-11-05', '18:00'))).toBeNull();
  });

  it('after an after-close report, the after-hours price against that close, until the next session opens', () => {
    expect(reportMove({ ...afterClose, ...afterHoursQuote }, at('2026-11-04', '18:00'))).toEqual({
      when: 'afterHours',
      percent: 3.1,
    });
    expect(told({ ...afterClose, ...afterHoursQuote }, at('2026-11-05', '09:29'))).toBe('shares +3.1% after hours');
    // Struck before the news (16:00 < 16:05), or read once Thursday trades with the quote still Wednesday's: nothing.
    expect(
      reportMove(
        { ...afterClose, ...afterHoursQuote, extendedAtMs: ms('2026-11-04', '16:00') },
        at('2026-11-04', '18:00'),
      ),
    ).toBeNull();
    expect(reportMove({ ...afterClose, ...afterHoursQuote }, at('2026-11-05', '10:00'))).toBeNull();
  });

  it('keeps a Friday evening move over the weekend, the next session being Monday', () => {
    const friday = {
      ...afterClose,
      date: '2026-11-06',
      ...afterHoursQuote,
      extendedAtMs: ms('2026-11-06', '19:00'),
      quotedAtMs: ms('2026-11-06', '16:00'),
    };
    expect(told(friday, at('2026-11-08', '12:00'))).toBe('shares +3.1% after hours');
    expect(reportMove(friday, at('2026-11-09', '09:30'))).toBeNull();
  });

  it('before the open, the pre-market price against the last close (the regular price then), as the quote page does', () => {
    const preQuote = {
      price: 50,
      prevClose: 48,
      extendedPrice: 51,
      extendedSession: 'pre' as const,
      extendedAtMs: ms('2026-11-04', '08:00'),
      quotedAtMs: ms('2026-11-03', '16:00'),
    };
    expect(reportMove({ ...beforeOpen, ...preQuote }, at('2026-11-04', '08:05'))).toEqual({
      when: 'preMarket',
      percent: 2,
    });
    expect(told({ ...beforeOpen, ...preQuote }, at('2026-11-04', '08:05'))).toBe('shares +2.0% before the open');
    // The morning after an after-close report, with the minus sign.
    const nextMorning = {
      ...afterClose,
      ...preQuote,
      price: 100,
      extendedPrice: 98,
      extendedAtMs: ms('2026-11-05', '08:00'),
      quotedAtMs: ms('2026-11-04', '16:00'),
    };
    expect(told(nextMorning, at('2026-11-05', '08:30'))).toBe('shares −2.0% before the open');
    // A pre-market price struck before a 07:00 report says nothing of it.
    expect(
      reportMove({ ...beforeOpen, ...preQuote, extendedAtMs: ms('2026-11-04', '06:30') }, at('2026-11-04', '08:05')),
    ).toBeNull();
  });

  it('during the reaction day, the price against the previous close, rounded as toQuote rounds it', () => {
    const regular = { price: 102.04, prevClose: 100, quotedAtMs: ms('2026-11-05', '11:00') };
    expect(reportMove({ ...afterClose, ...regular }, at('2026-11-05', '11:00'))).toEqual({
      when: 'today',
      percent: 2.04,
    });
    expect(told({ ...afterClose, ...regular }, at('2026-11-05', '11:00'))).toBe('shares +2.0% today');
    // A report during the session: only a price struck after it.
    const during = { ...NOTHING, time: '11:00', session: 'market' as const };
    const onReportDay = { ...regular, quotedAtMs: ms('2026-11-04', '10:30') };
    expect(reportMove({ ...during, ...onReportDay }, at('2026-11-04', '12:00'))).toBeNull();
    expect(told({ ...during, ...onReportDay, quotedAtMs: ms('2026-11-04', '11:30') }, at('2026-11-04', '12:00'))).toBe(
      'shares +2.0% today',
    );
    // A mid-session reaction row is passed over for the quote.
    const midSession = { ...beforeOpen, ...stored, reactionComputedAtMs: ms('2026-11-04', '11:00') };
    expect(told({ ...midSession, ...regular, quotedAtMs: ms('2026-11-04', '11:00') }, at('2026-11-04', '11:05'))).toBe(
      'shares +2.0% today',
    );
  });

  it('says nothing from a quote of another day', () => {
    // Tuesday's regular price read on Wednesday, the report day; Thursday's price read on Friday.
    const tuesday = { price: 102, prevClose: 100, quotedAtMs: ms('2026-11-03', '16:00') };
    expect(reportMove({ ...beforeOpen, ...tuesday }, at('2026-11-04', '11:00'))).toBeNull();
    const thursday = { price: 102, prevClose: 100, quotedAtMs: ms('2026-11-05', '16:00') };
    expect(reportMove({ ...afterClose, ...thursday }, at('2026-11-06', '11:00'))).toBeNull();
    // A pre-market price whose regular price is not the last close before the news.
    const stalePre = {
      price: 50,
      extendedPrice: 51,
      extendedSession: 'pre' as const,
      extendedAtMs: ms('2026-11-04', '08:00'),
      quotedAtMs: ms('2026-11-02', '16:00'),
    };
    expect(reportMove({ ...beforeOpen, ...stalePre }, at('2026-11-04', '08:05'))).toBeNull();
  });

  it('says nothing when the session is unknown, and reads it from the time as the reactions job does', () => {
    const today = { price: 102, prevClose: 100, quotedAtMs: ms('2026-11-04', '11:00') };
    expect(reportMove({ ...NOTHING, ...today }, at('2026-11-04', '11:05'))).toBeNull();
    expect(reportMove({ ...NOTHING, ...stored, reactionSession: null }, at('2026-11-05', '18:00'))).toBeNull();
    expect(told({ ...NOTHING, time: '07:00', ...today }, at('2026-11-04', '11:05'))).toBe('shares +2.0% today');
  });

  it('reads a report stored ahead of its date from the moment it was stored', () => {
    // Scheduled for Friday after the close, its figures stored on Wednesday at 11:00: heard in Wednesday's session.
    const early = { ...NOTHING, date: '2026-11-06', time: '16:05', session: 'after' as const };
    const storedWednesday = { ...early, reportedAtMs: ms('2026-11-04', '11:00') };
    const quote = { price: 102, prevClose: 100, quotedAtMs: ms('2026-11-04', '11:30') };
    expect(told({ ...storedWednesday, ...quote }, at('2026-11-04', '11:31'))).toBe('shares +2.0% today');
    // A price struck before the news, even in the minute it came, and the same facts without the early store, say
    // nothing.
    const sameMinute = { ...storedWednesday, reportedAtMs: ms('2026-11-04', '11:00') + 30_000 };
    expect(
      reportMove(
        { ...sameMinute, ...quote, quotedAtMs: ms('2026-11-04', '11:00') + 10_000 },
        at('2026-11-04', '11:31'),
      ),
    ).toBeNull();
    expect(
      reportMove({ ...storedWednesday, ...quote, quotedAtMs: ms('2026-11-04', '10:30') }, at('2026-11-04', '11:31')),
    ).toBeNull();
    expect(reportMove({ ...early, ...quote }, at('2026-11-04', '11:31'))).toBeNull();
    // Stored after Wednesday's close: Thursday is the reaction day, and its stored reaction is told once worked out.
    const evening = { ...early, reportedAtMs: ms('2026-11-04', '17:00') };
    const thursday = { price: 97, prevClose: 100, quotedAtMs: ms('2026-11-05', '10:00') };
    expect(told({ ...evening, ...thursday }, at('2026-11-05', '10:01'))).toBe('shares −3.0% today');
    const reaction = {
      ...stored,
      reactionReportDate: '2026-11-04',
      reactionSession: 'after' as const,
      reactionDate: '2026-11-05',
      reactionComputedAtMs: ms('2026-11-05', '16:30'),
    };
    expect(told({ ...evening, ...reaction }, at('2026-11-06', '09:00'))).toBe('shares opened +3.1% and closed +2.4%');
    // Stored later on its own day, it keeps its scheduled session: a release is often stored minutes after it.
    const sameDay = { ...early, reportedAtMs: ms('2026-11-06', '15:50') };
    const friday = { price: 102, prevClose: 100, quotedAtMs: ms('2026-11-06', '15:55') };
    expect(reportMove({ ...sameDay, ...friday }, at('2026-11-06', '15:56'))).toBeNull();
  });

  it('says nothing without the prices it needs', () => {
    expect(reportMove(beforeOpen, at('2026-11-04', '11:05'))).toBeNull();
    const noPrevClose = { price: 102, prevClose: null, quotedAtMs: ms('2026-11-04', '11:00') };
    expect(reportMove({ ...beforeOpen, ...noPrevClose }, at('2026-11-04', '11:05'))).toBeNull();
    const noExtended = { ...afterHoursQuote, extendedPrice: null };
    expect(reportMove({ ...afterClose, ...noExtended }, at('2026-11-04', '18:00'))).toBeNull();
    expect(reportMove({ ...beforeOpen, ...stored, gapPercent: null }, at('2026-11-04', '18:00'))).toBeNull();
  });
});
