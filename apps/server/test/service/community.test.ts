/**
 * SPEC §7 events-community on the service tier: an event's posts read by anyone, newest first, paged by a key that
 * keeps microseconds; written by members, edited by their author (ten times at most), deleted by their author or a
 * super admin; the per-member rate limits, also under two posts at once; and each change told to the event's live
 * subscribers on the bus.
 */
import { randomUUID } from 'node:crypto';
import { decodePostsKey, type PostsCursor } from '@eh/contracts';
import { communityPosts, users } from '@eh/db';
import {
  COMMUNITY_POST_EDITS_MAX,
  COMMUNITY_POSTS_PER_HOUR,
  COMMUNITY_POSTS_PER_MINUTE,
  DEFAULT_LIMITS,
} from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../src/kernel/channels.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as community from '../../src/modules/community/service.ts';
import { addFarCallEvent } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

const NO_EVENT = 999_999_999;
const LIMIT = DEFAULT_LIMITS.eventPosts;

eachDatabase((service) => {
  const ctx = () => service().ctx;
  let ann: Caller;
  let bob: Caller;
  let carol: Caller;
  let dave: Caller;
  let eventId: number;
  let otherEventId: number;
  let heard: { type: string; action?: string; data?: { id?: string } }[] = [];
  let stopListening: (() => Promise<void>) | undefined;

  const addEvent = (key: string) => addFarCallEvent(ctx().db, 'ZQCM', `ZQ Community ${key} call`);
  const list = (eventId: number, caller?: Caller, limit: number = LIMIT, lastKey?: PostsCursor) =>
    community.list(ctx(), caller, { eventId, limit, ...(lastKey ? { lastKey } : {}) });
  const contents = (page: { posts: { content: string }[] }) => page.posts.map((post) => post.content);
  /** What the bus carried about one post. */
  const toldAbout = (id: string) => heard.filter((m) => m.type === 'events_community_post' && m.data?.id === id);

  beforeAll(async () => {
    [ann, bob, carol, dave] = await Promise.all([
      service().user(),
      service().user(),
      service().user({ email: 'carol.community@example.com' }),
      service().user(),
    ]);
    await ctx().db.update(users).set({ name: 'Ann Analyst' }).where(eq(users.id, ann.sub));
    eventId = await addEvent('main');
    otherEventId = await addEvent('other');
  });
  beforeEach(async () => {
    heard = [];
    stopListening = await ctx().bus.subscribe(LIVE_CHANNEL, (message) => {
      heard.push(message as (typeof heard)[number]);
    });
  });
  afterEach(async () => {
    await stopListening?.();
  });

  describe('posting and reading', () => {
    it('posts as a member and reads back newest first, and one by id, for anyone', async () => {
      const first = await community.create(ctx(), ann, { eventId, content: 'First thoughts: margins look strong.' });
      expect(first).toMatchObject({
        eventId,
        content: 'First thoughts: margins look strong.',
        userId: ann.sub,
        userName: 'Ann Analyst',
        updatedAt: null,
      });
      expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
      const second = await community.create(ctx(), bob, { eventId, content: 'Guidance was light.' });
      expect(second.userName).toBeNull();

      const page = await list(eventId);
      expect(page.posts.map((p) => p.id)).toEqual([second.id, first.id]);
      expect(page.lastKey).toBeNull();
      expect(page.viewer).toEqual({ userId: null, superAdmin: false });
      expect((await list(eventId, ann)).viewer).toEqual({ userId: ann.sub, superAdmin: false });
      expect(await community.one(ctx(), first.id)).toEqual(first);
      const [stored] = await ctx()
        .db.select({ content: communityPosts.content })
        .from(communityPosts)
        .where(eq(communityPosts.id, first.id));
      expect(stored?.content).toBe(first.content);
      // Another event's list does not hold them.
      expect((await list(otherEventId)).posts).toEqual([]);
    });

    it('tells the live subscribers of a new post', async () => {
      const created = await community.create(ctx(), bob, { eventId, content: 'Live from the call.' });
      await expect
        .poll(() => toldAbout(created.id))
        .toEqual([{ type: 'events_community_post', action: 'created', data: created }]);
    });

    it('refuses an unknown event and an unknown post', async () => {
      const unknownEvent = { statusCode: 404, message: `Unknown event: ${NO_EVENT}` };
      await expect(community.create(ctx(), ann, { eventId: NO_EVENT, content: 'hello' })).rejects.toMatchObject(
        unknownEvent,
      );
      await expect(list(NO_EVENT)).rejects.toMatchObject(unknownEvent);
      const missing = randomUUID();
      await expect(community.one(ctx(), missing)).rejects.toMatchObject({
        statusCode: 404,
        message: `Unknown post: ${missing}`,
      });
    });
  });

  describe('paging with lastKey', () => {
    it('reads every post once, newest first, across pages that split posts made in the same millisecond', async () => {
      const paged = await addEvent('paged');
      // 7 posts: three share one millisecond (microseconds apart), which a millisecond key would lose or repeat.
      const base = Date.parse('2026-01-02T03:04:05.006Z');
      const stamps = [
        '2026-01-02T03:04:05.006001Z',
        '2026-01-02T03:04:05.006002Z',
        '2026-01-02T03:04:05.006003Z',
        new Date(base + 1).toISOString(),
        new Date(base + 2).toISOString(),
        new Date(base + 3).toISOString(),
        new Date(base + 4).toISOString(),
      ];
      for (const [index, stamp] of stamps.entries()) {
        await ctx().db.execute(sql`
          insert into community_posts (event_id, user_id, content, created_at)
          values (${paged}, ${ann.sub}, ${`post ${index}`}, ${stamp}::timestamptz)`);
      }
      const seen: string[] = [];
      let cursor: PostsCursor | undefined;
      let pages = 0;
      do {
        const page = await list(paged, undefined, 3, cursor);
        seen.push(...contents(page));
        cursor = page.lastKey ? (decodePostsKey(page.lastKey) ?? undefined) : undefined;
        if (page.lastKey) expect(cursor).toBeDefined();
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(['post 6', 'post 5', 'post 4', 'post 3', 'post 2', 'post 1', 'post 0']);
      // A page that ends exactly at the last post says there is no more.
      const exact = await list(paged, undefined, 7);
      expect(exact.posts).toHaveLength(7);
      expect(exact.lastKey).toBeNull();
    });

    it(`pages ${LIMIT + 5} posts as ${LIMIT} and the 5 after them`, async () => {
      const many = await addEvent('many');
      // By a member of their own: a hundred posts in the last two minutes would hold anyone else back.
      const writer = await service().user();
      await ctx().db.execute(sql`
        insert into community_posts (event_id, user_id, content, created_at)
        select ${many}, ${writer.sub}, 'post ' || n, now() - n * interval '1 second'
        from generate_series(1, ${LIMIT + 5}) n`);
      const first = await list(many);
      expect(contents(first)).toEqual(Array.from({ length: LIMIT }, (_, n) => `post ${n + 1}`));
      const cursor = decodePostsKey(first.lastKey ?? '');
      if (!cursor) throw new Error('the first page gave no lastKey');
      const rest = await list(many, undefined, LIMIT, cursor);
      expect(contents(rest)).toEqual([1, 2, 3, 4, 5].map((n) => `post ${LIMIT + n}`));
      expect(rest.lastKey).toBeNull();
    });
  });

  describe('editing and deleting', () => {
    it('lets only the author edit, up to the limit, says when it was edited and tells the subscribers', async () => {
      const created = await community.create(ctx(), ann, { eventId, content: 'Revenue beat.' });
      await expect(community.update(ctx(), bob, created.id, { content: 'hijacked' })).rejects.toMatchObject({
        statusCode: 403,
        message: 'Only its author can edit a post',
      });
      const edited = await community.update(ctx(), ann, created.id, { content: 'Revenue beat by 2%.' });
      expect(edited).toMatchObject({ id: created.id, content: 'Revenue beat by 2%.', createdAt: created.createdAt });
      expect(Date.parse(edited.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
      await expect
        .poll(() => toldAbout(created.id).filter((m) => m.action === 'updated'))
        .toEqual([{ type: 'events_community_post', action: 'updated', data: edited }]);
      for (let edit = 2; edit <= COMMUNITY_POST_EDITS_MAX; edit += 1) {
        await community.update(ctx(), ann, created.id, { content: `edit ${edit}` });
      }
      await expect(community.update(ctx(), ann, created.id, { content: 'one more' })).rejects.toMatchObject({
        statusCode: 409,
        message: `A post can be edited ${COMMUNITY_POST_EDITS_MAX} times at most`,
      });
      expect((await community.one(ctx(), created.id)).content).toBe(`edit ${COMMUNITY_POST_EDITS_MAX}`);
    });

    it("lets the author delete their own, a super admin anyone's, and nobody else", async () => {
      const annPost = await community.create(ctx(), ann, { eventId, content: 'Deleting this soon.' });
      const bobPost = await community.create(ctx(), bob, { eventId, content: 'Off-topic spam.' });
      const refused = { statusCode: 403, message: 'Only its author or an admin can delete a post' };
      await expect(community.remove(ctx(), bob, annPost.id)).rejects.toMatchObject(refused);
      expect(await community.remove(ctx(), ann, annPost.id)).toEqual({ id: annPost.id, eventId, deleted: true });
      await expect
        .poll(() => toldAbout(annPost.id).filter((m) => m.action === 'deleted'))
        .toEqual([{ type: 'events_community_post', action: 'deleted', data: { id: annPost.id, eventId } }]);
      const gone = { statusCode: 404, message: `Unknown post: ${annPost.id}` };
      await expect(community.one(ctx(), annPost.id)).rejects.toMatchObject(gone);
      await expect(community.remove(ctx(), ann, annPost.id)).rejects.toMatchObject(gone);
      await expect(community.update(ctx(), ann, annPost.id, { content: 'back?' })).rejects.toMatchObject(gone);
      expect((await list(eventId)).posts.map((p) => p.id)).not.toContain(annPost.id);
      const [annRow] = await ctx().db.select().from(communityPosts).where(eq(communityPosts.id, annPost.id));
      expect(annRow?.deletedBy).toBe('author');

      // Carol becomes a super admin (by her email in any case), then removes Bob's post; she still cannot edit it.
      await expect(community.remove(ctx(), carol, bobPost.id)).rejects.toMatchObject(refused);
      expect(await community.setSuperAdmin(ctx(), { email: 'CAROL.community@example.com', superAdmin: true })).toEqual({
        id: carol.sub,
        email: 'carol.community@example.com',
        superAdmin: true,
      });
      expect((await list(eventId, carol)).viewer).toEqual({ userId: carol.sub, superAdmin: true });
      await expect(community.update(ctx(), carol, bobPost.id, { content: 'admins do not edit' })).rejects.toMatchObject(
        { statusCode: 403 },
      );
      expect(await community.remove(ctx(), carol, bobPost.id)).toMatchObject({ id: bobPost.id, deleted: true });
      const [row] = await ctx().db.select().from(communityPosts).where(eq(communityPosts.id, bobPost.id));
      expect(row?.deletedBy).toBe('admin');
      await expect(
        community.setSuperAdmin(ctx(), { email: 'nobody.community@example.com', superAdmin: true }),
      ).rejects.toMatchObject({
        statusCode: 404,
        message: 'No user with email nobody.community@example.com (they must have signed in once)',
      });
    });
  });

  describe('rate limit', () => {
    const WAIT = /^You can post (\d+) times (a minute|an hour); try again in (\d+) seconds?$/;

    it(`takes ${COMMUNITY_POSTS_PER_MINUTE} posts a minute from one member, deleted ones counted, then says the wait`, async () => {
      const ids: string[] = [];
      for (let n = 1; n <= COMMUNITY_POSTS_PER_MINUTE; n += 1) {
        ids.push((await community.create(ctx(), dave, { eventId: otherEventId, content: `take ${n}` })).id);
      }
      await community.remove(ctx(), dave, ids[0] ?? '');
      const refused = await community.create(ctx(), dave, { eventId, content: 'one too many' }).then(
        () => null,
        (error: unknown) => error as { statusCode: number; code: string; message: string; details: unknown },
      );
      expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      const [, max, window, seconds] = refused?.message.match(WAIT) ?? [];
      expect([Number(max), window]).toEqual([COMMUNITY_POSTS_PER_MINUTE, 'a minute']);
      expect(Number(seconds)).toBeGreaterThanOrEqual(1);
      expect(Number(seconds)).toBeLessThanOrEqual(60);
      expect(refused?.details).toEqual({ retryAfterSeconds: Number(seconds) });
      // Others are not held back by Dave.
      await community.create(ctx(), bob, { eventId: otherEventId, content: 'still here' });
      // A minute later (the posts moved back in time) Dave may post again.
      await ctx()
        .db.update(communityPosts)
        .set({ createdAt: sql`${communityPosts.createdAt} - interval '61 seconds'` })
        .where(eq(communityPosts.userId, dave.sub));
      expect(await community.create(ctx(), dave, { eventId, content: 'back again' })).toMatchObject({
        content: 'back again',
      });
    });

    it(`takes ${COMMUNITY_POSTS_PER_HOUR} posts an hour, and says when the oldest of them leaves the hour`, async () => {
      const busy = await service().user();
      // The posts of the last hour, the oldest 59 minutes ago: a minute to wait.
      await ctx().db.execute(sql`
        insert into community_posts (event_id, user_id, content, created_at)
        select ${otherEventId}, ${busy.sub}, 'hourly ' || n, now() - interval '59 minutes' + n * interval '1 second'
        from generate_series(0, ${COMMUNITY_POSTS_PER_HOUR - 1}) n`);
      const refused = await community.create(ctx(), busy, { eventId, content: 'too many' }).then(
        () => null,
        (error: unknown) => error as { statusCode: number; message: string; details: { retryAfterSeconds: number } },
      );
      expect(refused?.statusCode).toBe(429);
      const [, max, window, seconds] = refused?.message.match(WAIT) ?? [];
      expect([Number(max), window]).toEqual([COMMUNITY_POSTS_PER_HOUR, 'an hour']);
      expect(Number(seconds)).toBeGreaterThan(50);
      expect(Number(seconds)).toBeLessThanOrEqual(60);
      expect(refused?.details.retryAfterSeconds).toBe(Number(seconds));
    });

    it('holds the limit when a member sends two posts at once with one left', async () => {
      const racer = await service().user();
      for (let n = 1; n < COMMUNITY_POSTS_PER_MINUTE; n += 1)
        await community.create(ctx(), racer, { eventId: otherEventId, content: `race ${n}` });
      const settled = await Promise.allSettled([
        community.create(ctx(), racer, { eventId, content: 'A' }),
        community.create(ctx(), racer, { eventId, content: 'B' }),
      ]);
      expect(settled.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(settled.find((result) => result.status === 'rejected')?.reason).toMatchObject({ statusCode: 429 });
      const [count] = await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(communityPosts)
        .where(eq(communityPosts.userId, racer.sub));
      expect(count?.n).toBe(COMMUNITY_POSTS_PER_MINUTE);
    });
  });
});
