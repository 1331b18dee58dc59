/**
 * What the earnings book and the price engine read of the demo world (world.ts builds both and hands itself to
 * them): apart from world.ts so that neither imports the world that imports it, nor each other.
 */
import type { DemoCalendar } from './calendar.ts';
import type { DemoAsset } from './universe.ts';

interface WorldBasics {
  readonly seed: number;
  readonly referenceDay: number;
  readonly calendar: DemoCalendar;
}

/** The world as the earnings book sees it: the size of a stock's daily move comes from the price engine. */
export interface EarningsWorld extends WorldBasics {
  readonly prices: { dailyVol(asset: DemoAsset): number };
}

/** The world as the price engine sees it: the earnings book says on which days a stock jumps, and by how much. */
export interface PricesWorld extends WorldBasics {
  readonly earnings: { jumps(asset: DemoAsset): ReadonlyMap<number, number> };
}
