import { describe, expect, it } from 'vitest';
import { appPathOf } from './deep-link.ts';

describe(appPathOf.name, () => {
  it('opens the path of a universal link or app link', () => {
    expect(appPathOf('https://earningshub.com/quote/AAPL')).toBe('/quote/AAPL');
    expect(appPathOf('https://earningshub.com/quote/AAPL/earnings?selectedDate=2026-01-05#x')).toBe(
      '/quote/AAPL/earnings?selectedDate=2026-01-05#x',
    );
    expect(appPathOf('https://earningshub.com')).toBe('/');
  });

  it("opens the path of the app's own scheme, whose first segment parses as the host", () => {
    expect(appPathOf('earningshub://quote/AAPL')).toBe('/quote/AAPL');
    expect(appPathOf('earningshub:///quote/MSFT')).toBe('/quote/MSFT');
  });

  it('names nothing for what is not a URL', () => {
    expect(appPathOf('')).toBeNull();
    expect(appPathOf('quote/AAPL')).toBeNull();
  });
});
