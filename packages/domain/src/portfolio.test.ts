import { describe, expect, it } from 'vitest';
import { FREE_ACCOUNT_FEATURES, UNLIMITED_LIST_LIMIT } from './plans.ts';
import {
  canCreateList,
  costBases,
  holdingGain,
  isSymbolViewTransaction,
  listFigures,
  listForAdd,
  listLimitMessage,
  listPerformance,
  type PerformanceTransaction,
  performanceWindow,
  portfolioRangeStart,
  transactionEffect,
} from './portfolio.ts';

describe(canCreateList.name, () => {
  it('lets a free user create one list only', () => {
    expect(canCreateList(FREE_ACCOUNT_FEATURES, 0)).toBe(true);
    expect(canCreateList(FREE_ACCOUNT_FEATURES, 1)).toBe(false);
  });
  it('never stops an unlimited plan', () => {
    expect(canCreateList({ listLimit: UNLIMITED_LIST_LIMIT }, 500)).toBe(true);
  });
});

describe(listLimitMessage.name, () => {
  it('names the limit and the upgrade', () => {
    expect(listLimitMessage(1)).toBe('Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.');
  });
});

describe(transactionEffect.name, () => {
  it('moves cash by quantity × price on trades and by the amount otherwise', () => {
    expect(transactionEffect('buy', { quantity: 3, price: 12.5 })).toEqual({ cash: -37.5, quantity: 3 });
    expect(transactionEffect('sell', { quantity: 2, price: 20 })).toEqual({ cash: 40, quantity: -2 });
    expect(transactionEffect('add', { quantity: 5, price: 100 })).toEqual({ cash: 0, quantity: 5 });
    expect(transactionEffect('deposit', { amount: 250 })).toEqual({ cash: 250, quantity: 0 });
    expect(transactionEffect('withdraw', { amount: 40 })).toEqual({ cash: -40, quantity: 0 });
    expect(transactionEffect('dividend_pay', { amount: 1.2 })).toEqual({ cash: 1.2, quantity: 0 });
    expect(transactionEffect('initial_cash', { amount: 1000 })).toEqual({ cash: 1000, quantity: 0 });
    expect(transactionEffect('comment', { quantity: 9, price: 9, amount: 9 })).toEqual({ cash: 0, quantity: 0 });
    expect(transactionEffect('watch', {})).toEqual({ cash: 0, quantity: 0 });
  });
});

describe(isSymbolViewTransaction.name, () => {
  it('keeps executed comment, buy, sell and add only', () => {
    expect(isSymbolViewTransaction({ type: 'buy', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'comment', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'add', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'sell', status: 'pending' })).toBe(false);
    expect(isSymbolViewTransaction({ type: 'deposit', status: 'executed' })).toBe(false);
    expect(isSymbolViewTransaction({ type: 'watch', status: 'executed' })).toBe(false);
  });
});

describe(listFigures.name, () => {
  const prices = new Map([
    ['AAA', { price: 110, prevClose: 100 }],
    ['BBB', { price: 45, prevClose: 50 }],
    ['CCC', { price: 7, prevClose: null }],
  ]);

  it('values holdings at the latest price and adds cash; the day change is over yesterday’s value', () => {
    // 10 × 110 + 4 × 45 = 1,100 + 180 = 1,280; + cash 20 = 1,300
    // day: 10 × (+10) + 4 × (−5) = 100 − 20 = +80 over 10 × 100 + 4 × 50 = 1,200 → 6.666…%
    const figures = listFigures(
      [
        { symbol: 'AAA', quantity: 10 },
        { symbol: 'BBB', quantity: 4 },
      ],
      prices,
      20,
    );
    expect(figures.value).toBe(1300);
    expect(figures.dayChange).toBe(80);
    expect(figures.dayChangePercent).toBeCloseTo(6.6667, 4);
    expect(figures.holdings[1]).toEqual({
      symbol: 'BBB',
      quantity: 4,
      price: 45,
      value: 180,
      dayChange: -20,
      dayChangePercent: -10,
    });
    expect(listFigures([{ symbol: 'AAA', quantity: 10 }], prices, 20, false).value).toBe(1100);
  });

  it('leaves a symbol without a quote out, and one without a previous close out of the day change', () => {
    const figures = listFigures(
      [
        { symbol: 'CCC', quantity: 3 },
        { symbol: 'ZZZ', quantity: 5 },
      ],
      prices,
      0,
    );
    expect(figures.value).toBe(21);
    expect(figures.dayChange).toBe(0);
    expect(figures.dayChangePercent).toBeNull();
    expect(figures.holdings[1]).toMatchObject({ symbol: 'ZZZ', price: null, value: null });
  });
});

describe(listPerformance.name, () => {
  const start = '2026-01-01T00:00:00Z';
  const executed = (type: PerformanceTransaction['type'], at: string, values: Partial<PerformanceTransaction>) => ({
    type,
    status: 'executed' as const,
    symbol: null,
    quantity: null,
    price: null,
    amount: null,
    executedAt: at,
    ...values,
  });

  it('measures holdings held through the range against the start close', () => {
    // 10 AAA from 100 to 120, cash 50 untouched: +200 on 1,050 → 19.047…%
    const result = listPerformance({
      items: [{ symbol: 'AAA', quantity: 10 }],
      cash: 50,
      transactions: [executed('add', '2025-06-01T00:00:00Z', { symbol: 'AAA', quantity: 10, price: 80 })],
      start,
      startCloses: new Map([['AAA', 100]]),
      prices: new Map([['AAA', 120]]),
    });
    expect(result.dollars).toBe(200);
    expect(result.percent).toBeCloseTo(19.0476, 4);
  });

  it('undoes later trades and does not count deposits as gains', () => {
    // Start: cash 1,000, no shares. Then deposit 500, buy 10 AAA at 100 (cash 500), sell 4 at 130 (cash 1,020).
    // Now: 6 AAA at 125 = 750 + cash 1,020 = 1,770. Put in 500. Gain = 1,770 − 1,000 − 500 = 270 on 1,500 = 18%.
    const result = listPerformance({
      items: [{ symbol: 'AAA', quantity: 6 }],
      cash: 1020,
      transactions: [
        executed('initial_cash', '2025-01-01T00:00:00Z', { amount: 1000 }),
        executed('deposit', '2026-02-01T00:00:00Z', { amount: 500 }),
        executed('buy', '2026-02-02T00:00:00Z', { symbol: 'AAA', quantity: 10, price: 100 }),
        executed('sell', '2026-03-01T00:00:00Z', { symbol: 'AAA', quantity: 4, price: 130 }),
      ],
      start,
      startCloses: new Map([['AAA', 90]]),
      prices: new Map([['AAA', 125]]),
    });
    expect(result.dollars).toBe(270);
    expect(result.percent).toBe(18);
  });

  it('measures a buy paid with cash the list did not have against what it cost', () => {
    // Bought 10 at 600 with no cash, now 669.83: +698.30, 11.64 % of the 6,000 it cost.
    const result = listPerformance({
      items: [{ symbol: 'MSFT', quantity: 10 }],
      cash: -6000,
      transactions: [executed('buy', '2026-11-25T15:00:00Z', { symbol: 'MSFT', quantity: 10, price: 600 })],
      start: '2026-11-25T14:59:59.999Z',
      startCloses: new Map(),
      prices: new Map([['MSFT', 669.83]]),
    });
    expect(result.dollars).toBeCloseTo(698.3, 6);
    expect(result.percent).toBeCloseTo(11.638, 3);
  });

  it('has no percent when nothing was at work', () => {
    expect(
      listPerformance({ items: [], cash: 0, transactions: [], start, startCloses: new Map(), prices: new Map() }),
    ).toEqual({ dollars: 0, percent: null });
  });
});

describe(performanceWindow.name, () => {
  const buy = (executedAt: string) => ({ type: 'buy' as const, status: 'executed' as const, executedAt });
  const now = new Date('2026-11-25T18:00:00Z');

  it('starts at the first buy when the range reaches back before it (the 1y figure read $0.00 after a buy)', () => {
    const window = performanceWindow('1y', now, '2026-11-25T14:00:00Z', [buy('2026-11-25T15:00:00Z')]);
    expect(window).toEqual({ start: '2026-11-25T14:59:59.999Z', startDate: '2026-11-25', since: '2026-11-25' });
  });

  it('keeps the range when the list held something before it starts; watching alone opens nothing', () => {
    const old = [buy('2025-01-02T15:00:00Z'), buy('2026-11-20T15:00:00Z')];
    expect(performanceWindow('1m', now, '2025-01-02T14:00:00Z', old)).toEqual({
      start: '2026-10-26T23:59:59Z',
      startDate: '2026-10-26',
      since: null,
    });
    const watched = [{ type: 'watch' as const, status: 'executed' as const, executedAt: '2026-11-25T15:00:00Z' }];
    expect(performanceWindow('1y', now, '2026-11-25T14:00:00Z', watched).since).toBeNull();
  });
});

describe(costBases.name, () => {
  const trade = (type: PerformanceTransaction['type'], quantity: number, price: number | null, at: string) => ({
    type,
    status: 'executed' as const,
    symbol: 'MSFT',
    quantity,
    price,
    amount: null,
    executedAt: at,
  });

  it('averages the cost of buys and adds, and a sale takes its share of the cost', () => {
    const bases = costBases([
      trade('buy', 10, 600, '2026-11-20T15:00:00Z'),
      trade('add', 10, 700, '2026-11-21T15:00:00Z'),
      trade('sell', 5, 800, '2026-11-22T15:00:00Z'),
      trade('watch', 0, null, '2026-11-19T15:00:00Z'),
    ]);
    expect(bases.get('MSFT')).toEqual({ quantity: 15, cost: 9750 });
  });

  it('leaves the cost unknown when shares came in at no price', () => {
    expect(costBases([trade('add', 3, null, '2026-11-20T15:00:00Z')]).get('MSFT')).toEqual({ quantity: 3, cost: null });
  });
});

describe(holdingGain.name, () => {
  it('is the shares held at the average cost against their value now', () => {
    // Bought 10 at $600, now $669.83: cost $6,000, gain 10 × 69.83.
    const gain = holdingGain(10, 669.83, { quantity: 10, cost: 6000 });
    expect(gain?.cost).toBe(6000);
    expect(gain?.gain).toBeCloseTo(698.3, 6);
    expect(gain?.gainPercent).toBeCloseTo(11.638, 3);
    expect(holdingGain(10, null, { quantity: 10, cost: 6000 })).toBeNull();
    expect(holdingGain(10, 669.83, { quantity: 10, cost: null })).toBeNull();
  });
});

describe(portfolioRangeStart.name, () => {
  it('counts back from today, stops at the list’s first day, and starts ytd at the last day of last year', () => {
    expect(portfolioRangeStart('1d', '2026-03-10', '2020-01-01')).toBe('2026-03-09');
    expect(portfolioRangeStart('1w', '2026-03-10', '2020-01-01')).toBe('2026-03-03');
    expect(portfolioRangeStart('1y', '2026-03-10', '2020-01-01')).toBe('2025-03-10');
    expect(portfolioRangeStart('1y', '2026-03-10', '2026-02-01')).toBe('2026-02-01');
    expect(portfolioRangeStart('ytd', '2026-03-10', '2020-01-01')).toBe('2025-12-31');
    expect(portfolioRangeStart('all', '2026-03-10', '2024-05-06')).toBe('2024-05-06');
  });
});

describe(listForAdd.name, () => {
  const one = [{ id: 'a' }];
  const two = [{ id: 'a' }, { id: 'b' }];
  it('uses the given list, adds nothing for all-alerts, else the only list, else asks', () => {
    expect(listForAdd(two, 'b')).toEqual({ kind: 'list', listId: 'b' });
    expect(listForAdd(one, 'all-alerts')).toEqual({ kind: 'none' });
    expect(listForAdd(one)).toEqual({ kind: 'list', listId: 'a' });
    expect(listForAdd(two, null)).toEqual({ kind: 'choose' });
    expect(listForAdd([])).toEqual({ kind: 'choose' });
  });
});
