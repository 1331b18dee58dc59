import type { RandomSource } from './backoff.ts';

/**
 * A deterministic source of uniform numbers in [0, 1) from a 32-bit seed (mulberry32): for tests, benchmarks and
 * demo data that must come out the same on every run. Not for anything secret.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
