/**
 * Counter-based randomness: every number is a pure function of (seed, keys), so a day's return, a quarter's
 * surprise or a filing's date never depends on what else was generated or on "now". That is what keeps the
 * demo market's history identical whatever `now` is.
 */

/** 32-bit FNV-1a of a string (symbols, channel names). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: a bijective avalanche on 32 bits. */
function fmix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of up to four integer keys. */
export function hash4(a: number, b: number, c = 0, d = 0): number {
  let h = fmix((a + 0x165667b1) | 0);
  h = fmix(h ^ ((b + 0x27d4eb2f) | 0));
  h = fmix(h ^ ((c + 0x9e3779b1) | 0));
  return fmix(h ^ ((d + 0x85ebca77) | 0));
}

const TWO_TO_32 = 4294967296;

/** Uniform in [0, 1). */
export function uniform(a: number, b: number, c = 0, d = 0): number {
  return hash4(a, b, c, d) / TWO_TO_32;
}

/** Standard normal (Box–Muller on two independent hashes). */
export function normal(a: number, b: number, c = 0, d = 0): number {
  const u1 = (hash4(a, b, c, d) + 0.5) / TWO_TO_32;
  const u2 = hash4(a, b, c, d ^ 0x5bd1e995) / TWO_TO_32;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** An integer in [0, n). */
export function pick(n: number, a: number, b: number, c = 0, d = 0): number {
  return Math.floor(uniform(a, b, c, d) * n);
}

/** One of `items`, chosen by the keys. */
export function choose<T>(items: readonly T[], a: number, b: number, c = 0, d = 0): T {
  const item = items[pick(items.length, a, b, c, d)];
  if (item === undefined) throw new RangeError('choose() needs a non-empty list');
  return item;
}

/** Channel keys: one per kind of draw, so that two kinds never share numbers. */
export const CH = {
  market: hashString('market'),
  sector: hashString('sector'),
  regime: hashString('regime'),
  idio: hashString('idio'),
  tail: hashString('tail'),
  gap: hashString('gap'),
  range: hashString('range'),
  volume: hashString('volume'),
  path: hashString('path'),
  extended: hashString('extended'),
  crypto: hashString('crypto'),
  traits: hashString('traits'),
  earnings: hashString('earnings'),
  dividends: hashString('dividends'),
  short: hashString('short'),
  ratings: hashString('ratings'),
  news: hashString('news'),
  filings: hashString('filings'),
  files: hashString('files'),
  economy: hashString('economy'),
} as const;
