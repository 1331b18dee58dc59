import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  holidayOn,
  holidays,
  isTradingDay,
  marketDayStatus,
  marketSession,
  nextTradingDay,
  previousTradingDay,
  SPECIAL_CLOSURES,
  sessionOf,
  tradingHours,
} from './market-hours.ts';

/** The exchanges' published calendars (NYSE holidays & trading hours), 2024-2027. */
const PUBLISHED: Record<number, { closed: string[]; early: string[] }> = {
  2024: {
    closed: [
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-03-29',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-11-28',
      '2024-12-25',
    ],
    early: ['2024-07-03', '2024-11-29', '2024-12-24'],
  },
  2025: {
    closed: [
      '2025-01-01',
      '2025-01-09',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ],
    early: ['2025-07-03', '2025-11-28', '2025-12-24'],
  },
  2026: {
    closed: [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ],
    early: ['2026-11-27', '2026-12-24'],
  },
  2027: {
    closed: [
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ],
    early: ['2027-11-26'],
  },
};

describe(holidays.name, () => {
  for (const [year, expected] of Object.entries(PUBLISHED)) {
    it(`matches the published ${year} calendar exactly`, () => {
      const list = holidays(Number(year));
      expect(list.filter((holiday) => holiday.status === 'closed').map((holiday) => holiday.date)).toEqual(
        expected.closed,
      );
      expect(list.filter((holiday) => holiday.status === 'early-close').map((holiday) => holiday.date)).toEqual(
        expected.early,
      );
    });
  }

  it('names holidays and marks observed ones', () => {
    const list = holidays(2027);
    expect(list.find((holiday) => holiday.date === '2027-12-24')).toEqual({
      date: '2027-12-24',
      name: 'Christmas Day',
      status: 'closed',
      observed: true,
    });
    expect(list.find((holiday) => holiday.date === '2027-06-18')?.name).toBe('Juneteenth National Independence Day');
    expect(list.find((holiday) => holiday.date === '2027-01-18')).toMatchObject({
      name: 'Martin Luther King, Jr. Day',
      observed: false,
    });
    expect(holidays(2025).find((holiday) => holiday.date === '2025-01-09')?.name).toMatch(/Carter/);
  });

  it('does not observe New Year on Friday Dec 31 when Jan 1 is a Saturday', () => {
    // 2022-01-01 and 2028-01-01 are Saturdays.
    expect(holidays(2021).some((holiday) => holiday.date === '2021-12-31')).toBe(false);
    expect(holidays(2022).some((holiday) => holiday.name === "New Year's Day")).toBe(false);
    expect(holidays(2027).some((holiday) => holiday.date === '2027-12-31')).toBe(false);
    expect(marketDayStatus('2027-12-31')).toBe('open');
  });

  it('observes New Year on Monday when Jan 1 is a Sunday', () => {
    expect(holidays(2023).find((holiday) => holiday.name === "New Year's Day")).toMatchObject({
      date: '2023-01-02',
      observed: true,
    });
  });

  it('has no Juneteenth before 2022 and observes it on Monday in 2022', () => {
    expect(holidays(2021).some((holiday) => holiday.name.startsWith('Juneteenth'))).toBe(false);
    expect(holidays(2022).find((holiday) => holiday.name.startsWith('Juneteenth'))?.date).toBe('2022-06-20');
  });

  it('closes early on July 3 only when it is Monday to Thursday', () => {
    const july3EarlyClose = (year: number) =>
      holidays(year).some((holiday) => holiday.date === `${year}-07-03` && holiday.status === 'early-close');
    expect(july3EarlyClose(2023)).toBe(true); // Monday
    expect(july3EarlyClose(2019)).toBe(true); // Wednesday
    expect(july3EarlyClose(2022)).toBe(false); // Sunday (July 4 Monday: no early close on Friday July 1)
    expect(marketDayStatus('2022-07-01')).toBe('open');
    expect(july3EarlyClose(2020)).toBe(false); // Friday: the observed holiday
    expect(marketDayStatus('2020-07-03')).toBe('closed');
    expect(marketDayStatus('2020-07-02')).toBe('open');
    expect(marketDayStatus('2027-07-02')).toBe('open');
  });

  it('matches earlier published years with their one-off closures', () => {
    expect(holidays(2018).map((holiday) => [holiday.date, holiday.status])).toEqual([
      ['2018-01-01', 'closed'],
      ['2018-01-15', 'closed'],
      ['2018-02-19', 'closed'],
      ['2018-03-30', 'closed'],
      ['2018-05-28', 'closed'],
      ['2018-07-03', 'early-close'],
      ['2018-07-04', 'closed'],
      ['2018-09-03', 'closed'],
      ['2018-11-22', 'closed'],
      ['2018-11-23', 'early-close'],
      ['2018-12-05', 'closed'],
      ['2018-12-24', 'early-close'],
      ['2018-12-25', 'closed'],
    ]);
    expect(marketDayStatus('2012-10-29')).toBe('closed');
    expect(marketDayStatus('2012-10-30')).toBe('closed');
  });

  it('takes a custom list of special closures', () => {
    const custom = [...SPECIAL_CLOSURES, { date: '2026-11-30', name: 'Test closure' }];
    expect(holidays(2026, custom).find((holiday) => holiday.date === '2026-11-30')?.name).toBe('Test closure');
    expect(marketDayStatus('2026-11-30', custom)).toBe('closed');
    expect(marketDayStatus('2026-11-30')).toBe('open');
  });

  it('returns copies the caller may change', () => {
    const first = holidays(2026);
    first.pop();
    expect(holidays(2026)).toHaveLength(12);
  });
});

describe(easterSunday.name, () => {
  it('computes Western Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });
});

describe(marketDayStatus.name, () => {
  it('is closed on weekends and holidays, early-close on early closes, else open', () => {
    expect(marketDayStatus('2026-11-21')).toBe('closed');
    expect(marketDayStatus('2026-11-22')).toBe('closed');
    expect(marketDayStatus('2026-11-26')).toBe('closed');
    expect(marketDayStatus('2026-11-27')).toBe('early-close');
    expect(marketDayStatus('2026-11-23')).toBe('open');
    expect(isTradingDay('2026-11-27')).toBe(true);
    expect(isTradingDay('2026-11-26')).toBe(false);
  });
});

describe(holidayOn.name, () => {
  it('finds the holiday of a date', () => {
    expect(holidayOn('2026-04-03')?.name).toBe('Good Friday');
    expect(holidayOn('2026-04-06')).toBeNull();
  });
});

describe(nextTradingDay.name, () => {
  it('skips weekends and holidays', () => {
    expect(nextTradingDay('2026-11-25')).toBe('2026-11-27');
    expect(nextTradingDay('2026-11-27')).toBe('2026-11-30');
    expect(nextTradingDay('2001-09-10')).toBe('2001-09-17');
  });
});

describe(previousTradingDay.name, () => {
  it('skips weekends and holidays', () => {
    expect(previousTradingDay('2026-11-27')).toBe('2026-11-25');
    expect(previousTradingDay('2027-01-04')).toBe('2026-12-31');
  });
});

describe(tradingHours.name, () => {
  it('gives the sessions as instants, honouring DST and early closes', () => {
    expect(tradingHours('2026-11-27')).toEqual({
      date: '2026-11-27',
      status: 'early-close',
      preMarketOpen: new Date('2026-11-27T09:00:00Z'),
      open: new Date('2026-11-27T14:30:00Z'),
      close: new Date('2026-11-27T18:00:00Z'),
      afterHoursClose: new Date('2026-11-27T22:00:00Z'),
    });
    expect(tradingHours('2026-07-06')).toMatchObject({
      open: new Date('2026-07-06T13:30:00Z'),
      close: new Date('2026-07-06T20:00:00Z'),
      afterHoursClose: new Date('2026-07-07T00:00:00Z'),
    });
    expect(tradingHours('2026-11-26')).toBeNull();
  });
});

describe(marketSession.name, () => {
  const at = (iso: string) => marketSession(new Date(iso));

  it('is pre-market from 04:00 to 09:30', () => {
    expect(at('2026-11-23T08:59:00Z').status).toBe('closed'); // 03:59
    expect(at('2026-11-23T09:00:00Z')).toEqual({
      status: 'pre',
      date: '2026-11-23',
      nextOpen: new Date('2026-11-23T14:30:00Z'),
      nextClose: new Date('2026-11-23T21:00:00Z'),
    });
  });

  it('is open from 09:30 to 16:00, pointing at the next day for the next open', () => {
    expect(at('2026-11-23T14:30:00Z')).toEqual({
      status: 'open',
      date: '2026-11-23',
      nextOpen: new Date('2026-11-24T14:30:00Z'),
      nextClose: new Date('2026-11-23T21:00:00Z'),
    });
  });

  it('is after-hours from 16:00 to 20:00, then closed', () => {
    expect(at('2026-11-23T21:00:00Z')).toEqual({
      status: 'after',
      date: '2026-11-23',
      nextOpen: new Date('2026-11-24T14:30:00Z'),
      nextClose: new Date('2026-11-24T21:00:00Z'),
    });
    expect(at('2026-11-24T00:59:00Z').status).toBe('after'); // 19:59
    expect(at('2026-11-24T01:00:00Z').status).toBe('closed'); // 20:00
  });

  it('closes at 13:00 with after-hours to 17:00 on an early-close day', () => {
    expect(at('2026-11-27T17:59:00Z').status).toBe('open'); // 12:59
    expect(at('2026-11-27T18:00:00Z')).toEqual({
      status: 'after',
      date: '2026-11-27',
      nextOpen: new Date('2026-11-30T14:30:00Z'),
      nextClose: new Date('2026-11-30T21:00:00Z'),
    });
    expect(at('2026-11-27T22:00:00Z').status).toBe('closed'); // 17:00
  });

  it('is closed all day on holidays and weekends, pointing at the next trading day', () => {
    expect(at('2026-11-26T15:00:00Z')).toEqual({
      status: 'closed',
      date: '2026-11-26',
      nextOpen: new Date('2026-11-27T14:30:00Z'),
      nextClose: new Date('2026-11-27T18:00:00Z'),
    });
    expect(at('2026-11-28T15:00:00Z').nextOpen).toEqual(new Date('2026-11-30T14:30:00Z'));
  });

  it('crosses the DST change', () => {
    // Friday 2026-03-06 after the close (EST); Monday 2026-03-09 is EDT.
    expect(at('2026-03-07T02:00:00Z').nextOpen).toEqual(new Date('2026-03-09T13:30:00Z'));
  });
});

describe(sessionOf.name, () => {
  it('maps an earnings time to before, market or after', () => {
    expect(sessionOf('06:00')).toBe('before');
    expect(sessionOf('09:29')).toBe('before');
    expect(sessionOf('09:30')).toBe('market');
    expect(sessionOf('15:59')).toBe('market');
    expect(sessionOf('16:00')).toBe('after');
    expect(sessionOf('16:05')).toBe('after');
    expect(sessionOf('00:00')).toBe('before');
  });

  it('uses the early close when given the date', () => {
    expect(sessionOf('14:00', '2026-11-27')).toBe('after');
    expect(sessionOf('14:00', '2026-11-23')).toBe('market');
  });

  it('is null for something that is not a time', () => {
    expect(sessionOf('amc')).toBeNull();
    expect(sessionOf('25:00')).toBeNull();
  });
});
