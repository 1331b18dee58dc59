import { describe, expect, it } from 'vitest';
import { DEMO_EPS_SURPRISE, DEMO_REVENUE_SURPRISE, demoActuals } from './demo-report.ts';
import { digestNotice } from './digests.ts';
import { dateChangeNotice, dayLabel, guidanceNotice, ratingNotice, reminderNotice, resultsNotice } from './messages.ts';

describe(resultsNotice.name, () => {
  it('says beat or missed with the surprise, and links to the earnings tab', () => {
    const notice = resultsNotice({
      id: 7,
      symbol: 'BRK.B',
      name: 'Berkshire',
      periodYear: 2026,
      period: 'Q3',
      date: '2026-11-07',
      epsActual: 1.1,
      epsEstimate: 1,
      revenueActual: 9.5e9,
      revenueEstimate: 1e10,
    });
    expect(notice.eventKey).toBe('earnings:7');
    expect(notice.title).toBe('BRK.B reported Q3 2026 results');
    expect(notice.body).toBe('EPS $1.10 beat $1.00 est. (+10.0%); Revenue $9.50B missed $10.0B est. (−5.0%)');
    expect(notice.path).toBe('/quote/BRK.B/earnings');
    expect(notice.data).toMatchObject({ epsSurprisePercent: 10, revenueSurprisePercent: -5 });
  });

  it('gives the figure alone when there is no estimate', () => {
    const notice = resultsNotice({
      id: 1,
      symbol: 'X',
      name: 'X',
      periodYear: 2026,
      period: 'Q1',
      date: '2026-05-01',
      epsActual: -0.2,
      epsEstimate: null,
      revenueActual: null,
      revenueEstimate: null,
    });
    expect(notice.body).toBe('EPS −$0.20');
  });

  it('reads its figures as the pages do: EPS in cents, amounts in three significant digits, the minus sign', () => {
    const notice = resultsNotice({
      id: 8,
      symbol: 'PINS',
      name: 'Pinterest',
      periodYear: 2026,
      period: 'Q3',
      date: '2026-10-29',
      epsActual: -0.05,
      epsEstimate: 0.92,
      revenueActual: 60.1e9,
      revenueEstimate: 61e9,
    });
    expect(notice.body).toBe('EPS −$0.05 missed $0.92 est. (−105.4%); Revenue $60.1B missed $61.0B est. (−1.5%)');
  });

  it('tells how the stock has moved since, after the figures, and keeps the move in its data', () => {
    const move = { when: 'reaction', percent: 2.36, gapPercent: 3.14, oneDayPercent: 2.36 } as const;
    const notice = resultsNotice(
      {
        id: 9,
        symbol: 'AAPL',
        name: 'Apple',
        periodYear: 2026,
        period: 'Q4',
        date: '2026-10-29',
        epsActual: 1.52,
        epsEstimate: 1.43,
        revenueActual: 94e9,
        revenueEstimate: null,
      },
      move,
    );
    expect(notice.body).toBe('EPS $1.52 beat $1.43 est. (+6.3%); Revenue $94.0B; shares opened +3.1% and closed +2.4%');
    expect(notice.data.move).toEqual(move);
  });
});

describe(reminderNotice.name, () => {
  it('names the date, the session and whether it is confirmed', () => {
    const notice = reminderNotice({
      id: 3,
      symbol: 'AAPL',
      name: 'Apple',
      periodYear: 2027,
      period: 'Q1',
      date: '2027-01-28',
      time: '16:30',
      session: 'after',
      dateStatus: 'confirmed',
      epsEstimate: 2.35,
      revenueEstimate: 1.24e11,
    });
    expect(notice.eventKey).toBe('reminder:3:2027-01-28');
    expect(notice.title).toBe('AAPL reports Thu, Jan 28, after the market closes (16:30 ET) · confirmed');
    expect(notice.body).toContain('EPS est. $2.35, revenue est. $124B');
  });

  it('says when the time is not announced', () => {
    const notice = reminderNotice({
      id: 4,
      symbol: 'ZZ',
      name: 'Zed',
      periodYear: 2027,
      period: 'Q1',
      date: '2027-02-01',
      time: null,
      session: null,
      dateStatus: 'estimated',
      epsEstimate: null,
      revenueEstimate: null,
    });
    expect(notice.title).toBe('ZZ reports Mon, Feb 1, time not announced · estimated');
  });
});

describe(dateChangeNotice.name, () => {
  it('tells a moved time apart from a moved date', () => {
    const base = {
      id: 9,
      symbol: 'MSFT',
      name: 'Microsoft',
      periodYear: 2027,
      period: 'Q2',
      session: 'after' as const,
      newStatus: 'confirmed' as const,
    };
    expect(
      dateChangeNotice({ ...base, oldDate: '2027-01-27', newDate: '2027-01-27', oldTime: '16:05', newTime: '16:30' })
        .title,
    ).toBe('MSFT moved its confirmed report time: now Wed, Jan 27 16:30 ET');
    expect(
      dateChangeNotice({ ...base, oldDate: '2027-01-27', newDate: '2027-01-29', oldTime: null, newTime: null }).body,
    ).toBe('Microsoft moved its Q2 2027 report from Wed, Jan 27 to Fri, Jan 29 (confirmed).');
  });
});

describe(guidanceNotice.name, () => {
  it('gives a revenue range in money', () => {
    const notice = guidanceNotice({
      id: 2,
      symbol: 'NVDA',
      periodYear: 2027,
      period: 'Q1',
      metric: 'revenue',
      low: 4.3e10,
      high: 4.5e10,
      consensus: null,
      issuedDate: '2026-11-19',
    });
    expect(notice.title).toBe('NVDA guides Q1 2027 revenue: $43.0B–$45.0B');
  });
});

describe(digestNotice.name, () => {
  it('is null when nothing happened', () => {
    expect(digestNotice('dailySummary', 'u', '2026-11-26', { results: [], upcoming: [], moves: [], news: [] })).toBe(
      null,
    );
  });

  it('counts what happened and keys the event by kind, day and user', () => {
    const notice = digestNotice('weeklySummary', 'user-1', '2026-11-28', {
      results: [],
      upcoming: [{ symbol: 'AAPL', date: '2026-12-01', session: 'after', dateStatus: 'confirmed' }],
      moves: [{ symbol: 'AAPL', from: 100, to: 106, percent: 6 }],
      news: [],
    });
    expect(notice).toMatchObject({
      kind: 'weeklySummary',
      eventKey: 'weekly:2026-11-28:user-1',
      userId: 'user-1',
      symbol: null,
      title: 'Your weekly summary for Sat, Nov 28: 1 move, 1 coming report',
      body: 'AAPL rose 6.0%\nAAPL reports Tue, Dec 1 (confirmed)',
      path: '/my-stocks',
    });
  });

  it('reads a result and a fall as the pages do: EPS in cents, the minus sign, three significant digits', () => {
    const notice = digestNotice('dailySummary', 'user-2', '2026-10-29', {
      results: [
        {
          symbol: 'PINS',
          date: '2026-10-29',
          period: 'Q3',
          periodYear: 2026,
          epsActual: -0.05,
          epsEstimate: 0.92,
          revenueActual: 61e9,
          move: null,
        },
      ],
      upcoming: [],
      moves: [{ symbol: 'PINS', from: 40, to: 35.2, percent: -12 }],
      news: [],
    });
    expect(notice?.body).toBe('PINS reported Q3 2026: EPS −$0.05 vs $0.92 est., revenue $61.0B\nPINS fell 12.0%');
  });
});

describe(`${digestNotice.name}'s results`, () => {
  it('each say how the stock has moved since, in the words of the results alert', () => {
    const result = {
      symbol: 'AAPL',
      date: '2026-10-29',
      period: 'Q3',
      periodYear: 2026,
      epsActual: 1.52,
      epsEstimate: 1.43,
      revenueActual: 94e9,
    };
    const notice = digestNotice('dailySummary', 'user-3', '2026-10-29', {
      results: [
        { ...result, move: { when: 'afterHours', percent: 3.1 } },
        { ...result, symbol: 'MSFT', move: { when: 'today', percent: -2 } },
      ],
      upcoming: [],
      moves: [],
      news: [],
    });
    expect(notice?.body).toBe(
      'AAPL reported Q3 2026: EPS $1.52 vs $1.43 est., revenue $94.0B; shares +3.1% after hours\n' +
        'MSFT reported Q3 2026: EPS $1.52 vs $1.43 est., revenue $94.0B; shares −2.0% today',
    );
    expect(notice?.data).toMatchObject({
      results: [{ move: { when: 'afterHours', percent: 3.1 } }, { symbol: 'MSFT' }],
    });
  });
});

describe(demoActuals.name, () => {
  it('is the same for the same quarter and stays near the estimates', () => {
    const estimates = { epsEstimate: 2, revenueEstimate: 1e10, epsPriorYear: 1.8 };
    const a = demoActuals('AAPL:2027:Q1', estimates);
    expect(demoActuals('AAPL:2027:Q1', estimates)).toEqual(a);
    expect(demoActuals('AAPL:2027:Q2', estimates)).not.toEqual(a);
    for (let i = 0; i < 200; i += 1) {
      const { epsActual, revenueActual } = demoActuals(`S${i}:2027:Q1`, estimates);
      expect(epsActual).toBeGreaterThanOrEqual(2 * (1 + DEMO_EPS_SURPRISE.min / 100) - 0.01);
      expect(epsActual).toBeLessThanOrEqual(2 * (1 + DEMO_EPS_SURPRISE.max / 100) + 0.01);
      expect(revenueActual).toBeGreaterThanOrEqual(1e10 * (1 + DEMO_REVENUE_SURPRISE.min / 100) - 1e5);
      expect(revenueActual).toBeLessThanOrEqual(1e10 * (1 + DEMO_REVENUE_SURPRISE.max / 100) + 1e5);
    }
  });
});

describe(dayLabel.name, () => {
  it('names the weekday and the day', () => {
    expect(dayLabel('2026-11-26')).toBe('Thu, Nov 26');
  });
});

describe(guidanceNotice.name, () => {
  it('gives an EPS range in cents, a loss with the minus sign', () => {
    const notice = guidanceNotice({
      id: 5,
      symbol: 'RIVN',
      periodYear: 2027,
      period: 'Q1',
      metric: 'eps',
      low: -0.45,
      high: -0.3,
      consensus: -0.4,
      issuedDate: '2026-11-05',
    });
    expect(notice.title).toBe('RIVN guides Q1 2027 EPS: −$0.45–−$0.30');
    expect(notice.body).toBe('RIVN expects EPS of −$0.45–−$0.30 for Q1 2027 (consensus −$0.40).');
  });
});

describe(ratingNotice.name, () => {
  it('gives price targets as the pages give prices, thousands separated', () => {
    const notice = ratingNotice({
      id: 6,
      symbol: 'AVGO',
      date: '2026-11-20',
      firm: 'Mizuho',
      action: 'raise',
      fromGrade: null,
      toGrade: 'Buy',
      priceTarget: 2150,
      priorPriceTarget: 1800,
    });
    expect(notice.body).toBe('Buy; price target $1,800.00 → $2,150.00');
  });
});
