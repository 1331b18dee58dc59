/**
 * The demo quote simulator, the demo market's live quote feed (a `LiveQuoteFeed`, providers/live-feed.ts, handed
 * to the sync role when the app is assembled, as a vendor's feed would be): while an asset's market is open
 * (crypto around the clock, the rest in the regular session) the quotes of followed demo assets move every second
 * or so, a small walk around the stored quote, inside a band drawn from the stored day's range.
 *
 * Deterministic: the price at second `s` is a pure function of (seed, asset, s, the stored quote), so every sync
 * node computing it for its own clients shows the same price, and tests replay it exactly. The walk is fractal value
 * noise (six octaves from 4 s to about 70 min, each a smooth interpolation between hashed knots, weighted like a
 * random walk's increments), bounded to [-1, 1] and scaled by the band: it wanders like a price and never drifts
 * off. The day's high and low are the extremes of that same path since the session began (or since the stored
 * quote), so they always contain the price, and the volume grows at the stored day's pace.
 *
 * Only quotes whose stored source is the demo market move: a real provider's quote is never made up.
 */
import type { AssetRef, Quote } from '@eh/contracts';
import { type MarketAssetType, marketSession, quoteKey, tradingHours } from '@eh/domain';
import type { LiveQuoteFeed, QuoteAnchor } from '../live-feed.ts';
import { roundPrice } from './prices.ts';
import { DEFAULT_DEMO_SEED } from './world.ts';

/** The source whose quotes the simulator may move. */
export const SIMULATED_SOURCE = 'demo';
/** Seconds of each octave of the walk. */
const OCTAVES = [4, 16, 64, 256, 1024, 4096] as const;
/** Each octave weighted by the square root of its period (a random walk's spread), the weights summing to 1. */
const WEIGHTS = (() => {
  const raw = OCTAVES.map((period) => Math.sqrt(period));
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  return raw.map((weight) => weight / total);
})();
/** Share of seconds in which an asset trades (the others leave its quote as it was). */
const TICK_SHARE = 0.7;
/** The band is half the stored day's range over price, kept between these (a stablecoin barely moves). */
const BAND_MIN = 0.0002;
const BAND_MAX = 0.05;
/** The band when the stored quote has no range. */
const DEFAULT_BAND: Record<MarketAssetType, number> = { stock: 0.01, otc: 0.015, index: 0.006, crypto: 0.02 };
/** The overnight gap of a new session, as a share of the band. */
const GAP_SHARE = 0.3;
const REGULAR_SESSION_SECONDS = 6.5 * 3600;
const DAY_SECONDS = 86_400;

/** 32-bit FNV-1a of a string. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [-1, 1) from four integers (a murmur3-style finaliser over their mix). */
function noise(seed: number, key: number, channel: number, knot: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ key;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(channel + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 13), 0x297a2d39) ^ knot;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2147483648 - 1;
}

const smoothstep = (f: number) => f * f * (3 - 2 * f);

/** The walk of one asset, in [-1, 1]; sequential calls reuse each octave's knots. */
export function createWalk(seed: number, key: string) {
  const keyHash = hashString(key);
  const knots = OCTAVES.map(() => ({ at: Number.NaN, a: 0, b: 0 }));
  return (second: number): number => {
    let total = 0;
    for (let octave = 0; octave < OCTAVES.length; octave += 1) {
      const period = OCTAVES[octave] as number;
      const knot = Math.floor(second / period);
      const cached = knots[octave] as { at: number; a: number; b: number };
      if (cached.at !== knot) {
        cached.a = cached.at === knot - 1 ? cached.b : noise(seed, keyHash, octave, knot);
        cached.b = noise(seed, keyHash, octave, knot + 1);
        cached.at = knot;
      }
      total +=
        (WEIGHTS[octave] as number) *
        (cached.a + (cached.b - cached.a) * smoothstep((second - knot * period) / period));
    }
    return total;
  };
}

/** Whether the asset trades in second `second` (some seconds pass without a trade). */
export const tradesAt = (seed: number, key: string, second: number) =>
  (noise(seed, hashString(key), 97, second) + 1) / 2 < TICK_SHARE;

/** A stretch of seconds [from, to) in which the regular session is open (with its start) or closed. */
interface SessionWindow {
  from: number;
  to: number;
  start: number | null;
}
let cachedWindow: SessionWindow = { from: 0, to: 0, start: null };

/**
 * Epoch second the session under way at `second` began (the UTC day for crypto, the regular open otherwise), or
 * null when the market is closed. Asked for every asset every second: the answer is kept until the session opens
 * or closes.
 */
function sessionStart(type: MarketAssetType, second: number): number | null {
  if (type === 'crypto') return Math.floor(second / DAY_SECONDS) * DAY_SECONDS;
  if (second < cachedWindow.from || second >= cachedWindow.to) cachedWindow = sessionWindow(second);
  return cachedWindow.start;
}

function sessionWindow(second: number): SessionWindow {
  const now = new Date(second * 1000);
  const session = marketSession(now);
  const nextOpen = Math.floor(session.nextOpen.getTime() / 1000);
  if (session.status === 'open') {
    const hours = tradingHours(session.date);
    const start = hours ? Math.floor(hours.open.getTime() / 1000) : second;
    return { from: start, to: Math.floor(session.nextClose.getTime() / 1000), start };
  }
  // Closed (pre-market, after hours, a weekend or holiday) until the next open.
  return { from: second, to: nextOpen, start: null };
}

function bandOf(anchor: QuoteAnchor): number {
  const { highPrice, lowPrice, price } = anchor;
  if (highPrice === null || lowPrice === null || !(price > 0) || !(highPrice > lowPrice))
    return DEFAULT_BAND[anchor.type];
  return Math.min(BAND_MAX, Math.max(BAND_MIN, (highPrice - lowPrice) / price / 2));
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

interface Session {
  /** Epoch second the session began. */
  start: number;
  /** Epoch second the walk is measured from (the stored quote's, or the session's start). */
  from: number;
  base: number;
  open: number;
  prevClose: number | null;
}

/** One asset's simulated day: its prices from the session start (or the stored quote) on, tracked second by second. */
export interface SimulatedAsset {
  anchor: QuoteAnchor;
  /** The quote at `second`, the extremes followed up to it; null when its market is closed then. */
  quoteAt(second: number): Quote | null;
}

export function simulateAsset(anchor: QuoteAnchor, seed: number = DEFAULT_DEMO_SEED): SimulatedAsset {
  const key = quoteKey(anchor.type, anchor.symbol);
  const walk = createWalk(seed, key);
  const band = bandOf(anchor);
  const anchorSecond = Math.floor(anchor.quotedAt / 1000);
  // The session being followed; a new session starts it again.
  let session: Session | null = null;
  let high = 0;
  let low = 0;
  let scanned = 0;

  const priceAt = (current: Session, second: number) =>
    roundPrice(current.base * Math.exp(band * (walk(second) - walk(current.from))));

  const begin = (start: number): Session => {
    if (anchorSecond >= start) {
      // The stored quote is of this session: walk on from it, its extremes kept.
      high = anchor.highPrice ?? anchor.price;
      low = anchor.lowPrice ?? anchor.price;
      scanned = anchorSecond;
      return {
        start,
        from: anchorSecond,
        base: anchor.price,
        open: anchor.open ?? anchor.price,
        prevClose: anchor.prevClose,
      };
    }
    // A new session since: the stored price is the previous close, the open gaps a little from it.
    const base = roundPrice(anchor.price * Math.exp(GAP_SHARE * band * noise(seed, hashString(key), 53, start)));
    high = base;
    low = base;
    scanned = start;
    return { start, from: start, base, open: base, prevClose: anchor.price };
  };

  return {
    anchor,
    quoteAt(second) {
      const start = sessionStart(anchor.type, second);
      if (start === null) return null;
      if (!session || session.start !== start) session = begin(start);
      const current = session;
      // Extremes of the path so far, one step per second (a later call only adds the seconds since).
      for (let s = scanned + 1; s <= second; s += 1) {
        const price = priceAt(current, s);
        if (price > high) high = price;
        if (price < low) low = price;
      }
      if (second > scanned) scanned = second;
      const price = priceAt(current, second);
      const change = current.prevClose === null ? null : round(price - current.prevClose, 6);
      return {
        symbol: anchor.symbol,
        type: anchor.type,
        name: anchor.name,
        price,
        prevClose: current.prevClose,
        open: current.open,
        lowPrice: Math.min(low, price),
        highPrice: Math.max(high, price),
        volume: volumeAt(anchor, current.start, anchorSecond, second),
        change,
        changePercent: change === null || !current.prevClose ? null : round((change / current.prevClose) * 100, 4),
        quotedAt: new Date(second * 1000).toISOString(),
        source: anchor.source,
      };
    },
  };
}

/** The day's volume at `second`: the stored volume grown at the pace it was traded, or a new day's from nothing. */
function volumeAt(anchor: QuoteAnchor, start: number, anchorSecond: number, second: number): number | null {
  if (anchor.volume === null) return null;
  const sessionSeconds = anchor.type === 'crypto' ? DAY_SECONDS : REGULAR_SESSION_SECONDS;
  if (anchorSecond >= start) {
    const rate = anchor.volume / Math.max(anchorSecond - start, 1800);
    return Math.round(anchor.volume + rate * Math.max(0, second - anchorSecond));
  }
  return Math.round((anchor.volume / sessionSeconds) * (second - start));
}

export interface DemoQuoteFeedOptions {
  /** The stored quotes of assets (those without one are left out). */
  loadAnchors(assets: readonly AssetRef[]): Promise<QuoteAnchor[]>;
  seed?: number;
  /** Epoch ms; tests pass a fixed clock. */
  now?: () => number;
  /** How often the stored quotes are read again (a new day's roll, an ingestion run). */
  refreshMs?: number;
  onError?: (error: unknown) => void;
}

const ANCHOR_REFRESH_MS = 60_000;
/** Every this many refreshes, assets not simulated are read again too (a quote may have appeared). */
const ANCHOR_FULL_REFRESH_EVERY = 10;
/** Assets read per anchor query. */
const ANCHOR_CHUNK = 200;

/** The demo market's live quote feed, with its tick open to tests. */
export interface DemoQuoteFeed extends LiveQuoteFeed {
  /** The quotes that move at `second` (epoch seconds). */
  tick(second: number): Quote[];
}

/**
 * The demo feed: each second (on the second, so nodes tick together) the followed demo assets whose market is open
 * move, each in about 70% of seconds.
 */
export function createDemoQuoteFeed(options: DemoQuoteFeedOptions): DemoQuoteFeed {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now ?? Date.now;
  const followed = new Map<string, { ref: AssetRef; asset: SimulatedAsset | null }>();
  let toLoad: AssetRef[] = [];
  let loading: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let refresh: NodeJS.Timeout | null = null;
  let stopped = false;

  const keyOf = (ref: AssetRef) => quoteKey(ref.type, ref.symbol);

  const apply = (anchors: QuoteAnchor[]) => {
    for (const anchor of anchors) {
      const entry = followed.get(quoteKey(anchor.type, anchor.symbol));
      if (!entry) continue;
      const same = entry.asset?.anchor.quotedAt === anchor.quotedAt && entry.asset.anchor.price === anchor.price;
      if (!same) entry.asset = anchor.source === SIMULATED_SOURCE ? simulateAsset(anchor, seed) : null;
    }
  };

  /**
   * Reads anchors a chunk at a time, yielding between chunks: the embedded database runs on this thread, and one
   * query for thousands of assets would hold every socket up.
   */
  const load = async (refs: AssetRef[]) => {
    try {
      for (let start = 0; start < refs.length && !stopped; start += ANCHOR_CHUNK) {
        apply(await options.loadAnchors(refs.slice(start, start + ANCHOR_CHUNK)));
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      options.onError?.(error);
    }
  };

  /** Loads the anchors of newly followed assets, in one query per burst of follows. */
  const loadPending = () => {
    if (loading || toLoad.length === 0) return;
    const refs = toLoad;
    toLoad = [];
    loading = load(refs).finally(() => {
      loading = null;
      loadPending();
    });
  };

  const tick = (second: number): Quote[] => {
    const moved: Quote[] = [];
    for (const [key, entry] of followed) {
      if (!entry.asset || !tradesAt(seed, key, second)) continue;
      const quote = entry.asset.quoteAt(second);
      if (quote) moved.push(quote);
    }
    return moved;
  };

  return {
    name: 'demo',
    tick,
    start(onQuotes) {
      const schedule = () => {
        if (stopped) return;
        const at = now();
        timer = setTimeout(
          () => {
            const quotes = tick(Math.floor(now() / 1000));
            if (quotes.length > 0) onQuotes(quotes);
            schedule();
          },
          1000 - (at % 1000),
        );
        timer.unref();
      };
      schedule();
      let refreshing = false;
      let round = 1;
      refresh = setInterval(() => {
        if (refreshing || followed.size === 0) return;
        refreshing = true;
        // The simulated assets every time; the others (a real provider's quote, or none: they were read when
        // followed) every tenth time.
        const all = round++ % ANCHOR_FULL_REFRESH_EVERY === 0;
        const refs = [...followed.values()].filter((entry) => all || entry.asset).map((entry) => entry.ref);
        void load(refs).finally(() => {
          refreshing = false;
        });
      }, options.refreshMs ?? ANCHOR_REFRESH_MS);
      refresh.unref();
    },
    follow(assets) {
      for (const ref of assets) {
        const key = keyOf(ref);
        if (followed.has(key)) continue;
        followed.set(key, { ref, asset: null });
        toLoad.push(ref);
      }
      queueMicrotask(loadPending);
    },
    unfollow(assets) {
      for (const ref of assets) followed.delete(keyOf(ref));
    },
    current(ref) {
      return followed.get(keyOf(ref))?.asset?.quoteAt(Math.floor(now() / 1000)) ?? null;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (refresh) clearInterval(refresh);
      await loading;
    },
  };
}
