/**
 * From ingestion runs to live clients: the ingestion writer announces what it stored on the bus
 * (MARKET_CHANGED_CHANNEL, `{ datasets }`), and every sync node reads what is new since it last looked and sends it
 * to its own clients: fresh news (marketNews), new files (marketDataAssetFile), today's changed events (event) and
 * results that landed (event with `earnings`: the report and its call).
 * Each node hears the announcement itself, so nothing is published again; a node that missed announcements (Redis
 * was gone) looks again when the bus is back.
 */
import type { LiveDataMessage } from '@eh/contracts';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import { MARKET_CHANGED_CHANNEL } from '../kernel/channels.ts';
import type { AppContext } from '../kernel/context.ts';
import {
  eventsChangedSince,
  filesSince,
  type IngestedMarks,
  ingestedMarks,
  newsSince,
  resultsChangedSince,
} from './queries.ts';

/** News published longer ago than this is a backfill, not news: never pushed. */
export const FRESH_NEWS_MS = 15 * MS_PER_MINUTE;
/** Files dated earlier than this (a backfill of past quarters) are not announced. */
export const FRESH_FILES_MS = 2 * MS_PER_DAY;
/** Event changes are pushed for events within this much of now (calls going live, results out). */
export const EVENT_WINDOW_MS = 12 * MS_PER_HOUR;
/** Most items of each kind one run pushes. */
const PUSH_LIMIT = 50;

const RELEVANT = new Set(['news', 'events', 'files', 'earnings']);

export function createIngestedBridge(
  ctx: AppContext,
  route: (message: LiveDataMessage) => void,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) {
  let marks: IngestedMarks | null = null;
  let running: Promise<void> | null = null;
  let again: Set<string> | null = null;
  let stopBus: (() => Promise<void>) | null = null;

  async function look(datasets: ReadonlySet<string>) {
    if (!marks) marks = await ingestedMarks(ctx.db);
    const at = now();
    if (datasets.has('news')) {
      const found = await newsSince(ctx.db, {
        afterId: marks.news,
        since: new Date(at - FRESH_NEWS_MS),
        limit: PUSH_LIMIT,
      });
      for (const item of found.items) route({ type: 'marketNews', data: item });
      marks.news = found.mark;
    }
    if (datasets.has('files')) {
      const found = await filesSince(ctx.db, {
        after: marks.files,
        since: new Date(at - FRESH_FILES_MS),
        limit: PUSH_LIMIT,
      });
      for (const file of found.files) route({ type: 'marketDataAssetFile', data: file });
      marks.files = found.mark;
    }
    if (datasets.has('events')) {
      const found = await eventsChangedSince(ctx.db, {
        after: marks.events,
        from: new Date(at - EVENT_WINDOW_MS),
        to: new Date(at + EVENT_WINDOW_MS),
        limit: PUSH_LIMIT,
      });
      for (const event of found.events) route({ type: 'event', data: event });
      marks.events = found.mark;
    }
    if (datasets.has('earnings')) {
      // Results landing: each report goes out with its earnings call, so the calendar's figures move live.
      const found = await resultsChangedSince(ctx.db, {
        after: marks.earnings,
        since: new Date(at - EVENT_WINDOW_MS),
        limit: PUSH_LIMIT,
      });
      for (const { event, earnings } of found.results) route({ type: 'event', data: event, earnings });
      marks.earnings = found.mark;
    }
  }

  /** One look at a time; announcements during it make one more look afterwards. */
  function changed(datasets: Iterable<string>) {
    const wanted = new Set([...datasets].filter((name) => RELEVANT.has(name)));
    if (wanted.size === 0) return running ?? Promise.resolve();
    if (running) {
      again = new Set([...(again ?? []), ...wanted]);
      return running;
    }
    running = look(wanted)
      .catch((err: unknown) => log.warn({ err }, 'live: what ingestion stored could not be read'))
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next) void changed(next);
      });
    return running;
  }

  return {
    async start() {
      marks = await ingestedMarks(ctx.db).catch(() => null);
      stopBus = await ctx.bus.subscribe(MARKET_CHANGED_CHANNEL, (message) => {
        const datasets = (message as { datasets?: unknown }).datasets;
        // No datasets named: anything may have changed.
        void changed(Array.isArray(datasets) ? datasets.filter((d): d is string => typeof d === 'string') : RELEVANT);
      });
    },
    /** Looks now (the bus is back: announcements from other nodes may have been missed). */
    catchUp: () => changed(RELEVANT),
    changed,
    async stop() {
      await stopBus?.();
      await running;
    },
  };
}
