import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@eh/contracts';
import { addDays, nyDate } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { ensureUser } from '../users/index.ts';
import { buildFeed } from './feed.ts';
import * as q from './queries.ts';

/** 256 random bits: the secret is the feed's whole credential (base64url, 43 characters). */
export const FEED_SECRET_BYTES = 32;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The feed shows the reports of the last 30 days (results just out) and of the year ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 366;
/** A bound on one feed's events: 1,000 followed symbols reporting quarterly stay well under it. */
export const FEED_MAX_EVENTS = 10_000;
/** Calendar apps poll hourly at most; a private answer (the URL is a credential), revalidated with its ETag. */
export const FEED_CACHE_CONTROL = 'private, max-age=300';

const FEED_FILE_SUFFIX = '.ics';
/** The same answer for a secret that never was, was revoked or cannot be one: nothing to tell them apart. */
const NO_FEED = 'No such calendar feed';

const feedUrl = (ctx: AppContext, secret: string) =>
  `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/api/calendar/${secret}${FEED_FILE_SUFFIX}`;

const toFeed = (ctx: AppContext, row: q.FeedRow): CalendarFeed => ({
  url: feedUrl(ctx, row.secret),
  createdAt: row.createdAt.toISOString(),
});

export async function get(ctx: AppContext, caller: Caller): Promise<{ feed: CalendarFeed | null }> {
  const row = await q.feedOf(ctx.db, { userId: caller.sub });
  return { feed: row ? toFeed(ctx, row) : null };
}

/** Turns the feed on, or replaces its secret: one row per user, so the old address stops answering at once. */
export async function rotate(ctx: AppContext, caller: Caller): Promise<{ feed: CalendarFeed }> {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const row = await q.saveFeed(ctx.db, {
    userId: caller.sub,
    secret: randomBytes(FEED_SECRET_BYTES).toString('base64url'),
  });
  return { feed: toFeed(ctx, row) };
}

export async function revoke(ctx: AppContext, caller: Caller): Promise<{ feed: null }> {
  await q.deleteFeed(ctx.db, { userId: caller.sub });
  return { feed: null };
}

export interface FeedFile {
  body: Buffer;
  etag: string;
}

/** The secret of `{secret}.ics`, or null when the name cannot hold one (the database is not asked). */
export function secretOf(file: string): string | null {
  if (!file.endsWith(FEED_FILE_SUFFIX)) return null;
  const secret = file.slice(0, -FEED_FILE_SUFFIX.length);
  return SECRET_PATTERN.test(secret) ? secret : null;
}

/** The feed of `{secret}.ics` as bytes with their ETag; a 404 for any name that opens no feed. */
export async function feedFile(ctx: AppContext, file: string, now = new Date()): Promise<FeedFile> {
  const secret = secretOf(file);
  const userId = secret ? await q.ownerOfSecret(ctx.db, { secret }) : undefined;
  if (!userId) throw notFound(NO_FEED);
  const today = nyDate(now);
  const reports = await q.feedReports(ctx.db, {
    userId,
    from: addDays(today, -FEED_PAST_DAYS),
    to: addDays(today, FEED_AHEAD_DAYS),
    limit: FEED_MAX_EVENTS,
  });
  const body = Buffer.from(
    buildFeed({ appName: ctx.config.APP_NAME, publicUrl: ctx.config.PUBLIC_URL.replace(/\/$/, ''), reports }),
    'utf8',
  );
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
