import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { subscriptionFixture } from '../../shared/subscription.fixture.ts';
import { ManageSummary } from './manage-summary.tsx';

const show = (over: Parameters<typeof subscriptionFixture>[0]) =>
  render(
    <AppProviders store={makeStore()}>
      <ManageSummary subscription={subscriptionFixture(over)} label={null} />
    </AppProviders>,
  );

describe('the subscription in words', () => {
  it("gives the price the next charge will be, and this period's lower one beside it (a first-year coupon)", () => {
    show({ amount: 19_190, nextChargeAmount: 23_988 });
    expect(screen.getByTestId('manage-price').textContent).toBe('$239.88 a year');
    expect(screen.getByTestId('manage-this-period').textContent).toBe('$191.90');
  });

  it('says one price when the next charge is the same', () => {
    show({});
    expect(screen.getByTestId('manage-price').textContent).toBe('$199 a year');
    expect(screen.queryByTestId('manage-this-period')).toBeNull();
  });
});
