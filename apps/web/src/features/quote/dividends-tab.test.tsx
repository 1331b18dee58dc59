import type { Dividend, getAssetDividends, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { addDays, type IsoDate } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { formatDate } from '../../shared/market/format.ts';
import { network } from '../../test/network.ts';
import { DividendsTab } from './dividends-tab.tsx';
import { APPLE } from './quote.fixture.ts';

/** A quarterly dividend paid on `paymentDate`, its ex-date four days before. */
const paid = (paymentDate: IsoDate): Dividend => ({
  exDate: addDays(paymentDate, -4),
  recordDate: addDays(paymentDate, -3),
  paymentDate,
  declaredDate: addDays(paymentDate, -18),
  amount: 0.26,
  frequency: 4,
  source: 'demo',
});

/** Answers Apple's dividends, newest first, as a member whose plan shows the whole history sees them. */
function answerDividends(items: Dividend[]) {
  network.use(
    http.get(`*${paths.getAssetDividends.replace(':symbol', 'AAPL')}`, () =>
      HttpResponse.json({
        symbol: 'AAPL',
        type: 'stock',
        items,
        gated: null,
      } satisfies ResponseOf<typeof getAssetDividends>),
    ),
  );
}

function renderDividends() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <DividendsTab symbol="AAPL" asset={APPLE} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * 02:00 UTC on 3 March 2026 is still 2 March in New York (21:00 EST): the day the page counts from.
 * Only the clock's date is set; timers run as they do.
 */
const EVENING_IN_NEW_YORK = new Date('2026-03-03T02:00:00.000Z');
const NEW_YORK_TODAY: IsoDate = '2026-03-02';

describe('the Dividends tab', () => {
  afterEach(() => vi.useRealTimers());

  it('names a payment due today in New York the next one, though the day is over in UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: EVENING_IN_NEW_YORK });
    answerDividends([paid(NEW_YORK_TODAY), paid(addDays(NEW_YORK_TODAY, -91))]);
    renderDividends();
    const fact = await screen.findByTestId('dividend-payment');
    expect(fact.textContent).toBe(`Next payment${formatDate(NEW_YORK_TODAY)}`);
  });

  it('names the last payment when none is ahead, never a past date as "next"', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: EVENING_IN_NEW_YORK });
    // Paid yesterday in New York: the latest of the two, and behind.
    const yesterday = addDays(NEW_YORK_TODAY, -1);
    answerDividends([paid(yesterday), paid(addDays(yesterday, -91))]);
    renderDividends();
    const fact = await screen.findByTestId('dividend-payment');
    expect(fact.textContent).toBe(`Last payment${formatDate(yesterday)}`);
    expect(screen.queryByText('Next payment')).toBeNull();
  });
});
