/**
 * The major US indexes (Yahoo-style symbols). Their daily moves are built from the same market factor as the
 * stocks (scaled by beta, with a size or technology tilt), so they move with their members; the VIX follows the
 * market's recent realised volatility instead of a walk of its own.
 */

/** How an index is built from the market factors: 'market' (beta × market), 'tech', 'small', or 'vix'. */
export type IndexStyle = 'market' | 'tech' | 'small' | 'vix';

/** [symbol, name, publisher, level at the reference date, beta, style, daily volume (M, 0 for none)] */
export type IndexRow = readonly [string, string, string, number, number, IndexStyle, number];

export const INDEXES: readonly IndexRow[] = [
  ['^GSPC', 'S&P 500', 'S&P Dow Jones Indices', 6205, 1.0, 'market', 4800],
  ['^DJI', 'Dow Jones Industrial Average', 'S&P Dow Jones Indices', 44095, 0.92, 'market', 420],
  ['^IXIC', 'Nasdaq Composite', 'Nasdaq', 20370, 1.18, 'tech', 8900],
  ['^NDX', 'Nasdaq-100', 'Nasdaq', 22680, 1.2, 'tech', 0],
  ['^RUT', 'Russell 2000', 'FTSE Russell', 2175, 1.15, 'small', 0],
  ['^VIX', 'CBOE Volatility Index', 'Cboe', 16.7, 0, 'vix', 0],
];
