/**
 * SPEC §7 events-community over HTTP: reads public (a token says who reads), writes for signed-in members only (401),
 * the refusals' statuses (403, 404, 409, 429 with Retry-After), the text limits and normalising of the contract
 * (plain text, markup kept as typed), the default page and the `lastKey` a page gives, the super-admin call behind the
 * admin token, and each change reaching a live socket client that follows the event, and no other. The rules
 * themselves (paging, edits, deletes, rate limits) are the service tier's (test/service/community.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { communityPosts, users } from '@eh/db';
import {
  COMMUNITY_POST_EDITS_MAX,
  COMMUNITY_POST_MAX_CHARS,
  COMMUNITY_POSTS_PER_MINUTE,
  DEFAULT_LIMITS,
} from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';
import { addFarCallEvent } from '../market-fixtures.ts';
import { connectLive, type LiveTestClient } from './sync-client.ts';

type Member = Awaited<ReturnType<typeof signedInUser>>;

let server: TestServer;
let ann: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let eventId: number;
let otherEventId: number;
const open: LiveTestClient[] = [];

const addEvent = (key: string) => addFarCallEvent(server.ctx.db, 'ZQCM', `ZQ Community ${key} call`);

const api = async (path: string, init: RequestInit = {}) => {
  const res = await server.api(`/api${path}`, init);
  return { status: res.status, headers: res.headers, json: await body(res) };
};
const post = (who: Member | null, payload: unknown) =>
  api('/events-community/posts', json(payload, { headers: who?.headers ?? {} }));
const patch = (who: Member, id: string, payload: unknown) =>
  api(`/events-community/posts/${id}`, json(payload, { method: 'PATCH', headers: who.headers }));
const remove = (who: Member, id: string) =>
  api(`/events-community/posts/${id}`, { method: 'DELETE', headers: who.headers });

beforeAll(async () => {
  server = await startTestServer();
  const members = await Promise.all(
    ['ann', 'bob', 'carol', 'dave'].map((name) => signedInUser(server, `${name}.community@example.com`)),
  );
  [ann, bob, carol, dave] = members as [Member, Member, Member, Member];
  for (const who of [ann, bob, carol, dave]) await server.api('/api/core/users/me', { headers: who.headers });
  await server.ctx.db.update(users).set({ name: 'Ann Analyst' }).where(eq(users.id, ann.sub));
  eventId = await addEvent('main');
  otherEventId = await addEvent('other');
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('POST and GET /events-community/posts', () => {
  it('posts as a signed-in member and reads back newest first, and one by id, for anyone', async () => {
    const first = await post(ann, { eventId, content: 'First thoughts: margins look strong.' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      eventId,
      content: 'First thoughts: margins look strong.',
      userId: ann.sub,
      userName: 'Ann Analyst',
      updatedAt: null,
    });
    expect(first.json.id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await post(bob, { eventId, content: 'Guidance was light.' });
    expect(second.status).toBe(201);
    expect(second.json.userName).toBeNull();

    const list = await api(`/events-community/posts?eventId=${eventId}`);
    expect(list.status).toBe(200);
    expect(list.json.posts.map((p: { id: string }) => p.id).slice(0, 2)).toEqual([second.json.id, first.json.id]);
    expect(list.json.lastKey).toBeNull();
    expect(list.json.viewer).toEqual({ userId: null, superAdmin: false });
    expect((await api(`/events-community/posts?eventId=${eventId}`, { headers: ann.headers })).json.viewer).toEqual({
      userId: ann.sub,
      superAdmin: false,
    });
    const one = await api(`/events-community/posts/${first.json.id}`);
    expect(one).toMatchObject({ status: 200, json: first.json });
  });

  it('refuses a visitor (401), an unknown event (404) and bad input (400 naming the field)', async () => {
    expect(await post(null, { eventId, content: 'hello' })).toMatchObject({
      status: 401,
      json: { code: 'UNAUTHORIZED' },
    });
    expect(await post(ann, { eventId: 999_999_999, content: 'hello' })).toMatchObject({
      status: 404,
      json: { message: 'Unknown event: 999999999' },
    });
    const cases: [unknown, string][] = [
      [{ content: 'hello' }, 'body.eventId'],
      [{ eventId: 'abc', content: 'hello' }, 'body.eventId'],
      [{ eventId }, 'body.content'],
      [{ eventId, content: 42 }, 'body.content'],
      [{ eventId, content: 'hi', extra: true }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(ann, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.message.startsWith(field), res.json.message).toBe(true);
    }
    for (const query of ['', 'eventId=abc', `eventId=${eventId}&limit=0`, `eventId=${eventId}&limit=501`]) {
      const res = await api(`/events-community/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message, query).toMatch(/^query\.(eventId|limit)/);
    }
    expect(await api('/events-community/posts/not-a-uuid')).toMatchObject({
      status: 400,
      json: { message: expect.stringMatching(/^path\.id: must be a post id/) },
    });
  });

  it('limits the text: 1 to 1000 characters, 20 lines at most, no NUL', async () => {
    const cases: [string, RegExp][] = [
      ['   \n\t  ', /^body\.content: must not be empty/],
      ['x'.repeat(COMMUNITY_POST_MAX_CHARS + 1), /^body\.content: must be at most 1000 characters/],
      [Array(21).fill('line').join('\n'), /^body\.content: must be at most 20 lines/],
      ['nul \u0000 inside', /^body\.content: must not contain the NUL character/],
    ];
    for (const [content, message] of cases) {
      const res = await post(carol, { eventId, content });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const longest = await post(carol, { eventId: otherEventId, content: '😀'.repeat(COMMUNITY_POST_MAX_CHARS) });
    expect(longest.status).toBe(201);
  });

  it('stores plain text: markup kept as typed (never run), line breaks tidied, invisible characters removed', async () => {
    const res = await post(carol, {
      eventId: otherEventId,
      content: '  <img src=x onerror="alert(1)"> <b>bold</b>\r\n\r\n\r\n\r\nnext\u202E line\u0007  ',
    });
    expect(res.status).toBe(201);
    expect(res.json.content).toBe('<img src=x onerror="alert(1)"> <b>bold</b>\n\nnext line');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const [stored] = await server.ctx.db
      .select({ content: communityPosts.content })
      .from(communityPosts)
      .where(eq(communityPosts.id, res.json.id));
    expect(stored?.content).toBe(res.json.content);
  });
});

describe('paging with lastKey', () => {
  it(`returns ${DEFAULT_LIMITS.eventPosts} posts by default and refuses a lastKey it did not make`, async () => {
    const many = await addEvent('many');
    // By a member of their own: a hundred posts in the last two minutes would hold anyone else back.
    const writer = randomUUID();
    await server.ctx.db.insert(users).values({ id: writer, email: `writer-${writer}@example.com` });
    await server.ctx.db.execute(sql`
      insert into community_posts (event_id, user_id, content, created_at)
      select ${many}, ${writer}, 'post ' || n, now() - n * interval '1 second' from generate_series(1, 105) n`);
    const first = await api(`/events-community/posts?eventId=${many}`);
    expect(first.json.posts).toHaveLength(DEFAULT_LIMITS.eventPosts);
    const rest = await api(`/events-community/posts?eventId=${many}&lastKey=${first.json.lastKey}`);
    expect(rest.json.posts.map((p: { content: string }) => p.content)).toEqual([
      'post 101',
      'post 102',
      'post 103',
      'post 104',
      'post 105',
    ]);
    for (const key of ['nonsense', 'bm9wZQ', `${first.json.lastKey}x`, 'a'.repeat(300)]) {
      const res = await api(`/events-community/posts?eventId=${many}&lastKey=${key}`);
      expect(res.status, key).toBe(400);
      expect(res.json.message).toMatch(/^query\.lastKey: must be a lastKey from a previous page/);
    }
  });
});

describe('editing and deleting', () => {
  it('answers an edit 200 with the tidied text, a stranger 403, empty text 400 and an edit past the limit 409', async () => {
    const created = (await post(ann, { eventId, content: 'Revenue beat.' })).json;
    expect(await patch(bob, created.id, { content: 'hijacked' })).toMatchObject({
      status: 403,
      json: { message: 'Only its author can edit a post', code: 'FORBIDDEN' },
    });
    const edited = await patch(ann, created.id, { content: '  Revenue beat by 2%.  ' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: created.id, content: 'Revenue beat by 2%.', createdAt: created.createdAt });
    expect((await patch(ann, created.id, { content: ' ' })).status).toBe(400);
    for (let edit = 2; edit <= COMMUNITY_POST_EDITS_MAX; edit += 1) {
      expect((await patch(ann, created.id, { content: `edit ${edit}` })).status).toBe(200);
    }
    expect(await patch(ann, created.id, { content: 'one more' })).toMatchObject({
      status: 409,
      json: { message: `A post can be edited ${COMMUNITY_POST_EDITS_MAX} times at most`, code: 'CONFLICT' },
    });
  });

  it('answers a delete 200 with the post, and makes a super admin through the admin token only', async () => {
    const annPost = (await post(ann, { eventId, content: 'Deleting this soon.' })).json;
    const bobPost = (await post(bob, { eventId, content: 'Off-topic spam.' })).json;
    expect(await remove(ann, annPost.id)).toMatchObject({
      status: 200,
      json: { id: annPost.id, eventId, deleted: true },
    });
    expect(await api(`/events-community/posts/${annPost.id}`)).toMatchObject({
      status: 404,
      json: { message: `Unknown post: ${annPost.id}`, code: 'NOT_FOUND' },
    });

    // Carol becomes a super admin through the admin call (admin token), then removes Bob's post.
    expect((await remove(carol, bobPost.id)).status).toBe(403);
    const admin = await api(
      '/admin/users/super-admin',
      json(
        { email: 'CAROL.community@example.com', superAdmin: true },
        { method: 'PUT', headers: { [ADMIN_TOKEN_HEADER]: server.ctx.adminToken ?? '' } },
      ),
    );
    expect(admin).toMatchObject({ status: 200, json: { id: carol.sub, superAdmin: true } });
    expect(
      (
        await api(
          '/admin/users/super-admin',
          json({ email: 'carol.community@example.com', superAdmin: true }, { method: 'PUT' }),
        )
      ).status,
    ).toBe(401);
    expect((await api(`/events-community/posts?eventId=${eventId}`, { headers: carol.headers })).json.viewer).toEqual({
      userId: carol.sub,
      superAdmin: true,
    });
    expect(await remove(carol, bobPost.id)).toMatchObject({ status: 200, json: { deleted: true } });
  });
});

describe('rate limit', () => {
  it(`answers the post past ${COMMUNITY_POSTS_PER_MINUTE} a minute 429 with the wait in its message and Retry-After`, async () => {
    for (let n = 1; n <= COMMUNITY_POSTS_PER_MINUTE; n += 1) {
      expect((await post(dave, { eventId: otherEventId, content: `take ${n}` })).status).toBe(201);
    }
    const refused = await post(dave, { eventId, content: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED' });
    const [, seconds] =
      refused.json.message.match(/^You can post 5 times a minute; try again in (\d+) seconds?$/) ?? [];
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBe(Number(seconds));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

describe('live socket', () => {
  it('pushes created, updated and deleted posts to clients following the event, and not to others', async () => {
    const follower = await connectLive(server.url, {
      app: 'earningshub',
      anonymousId: `follower-${randomUUID().slice(0, 8)}`,
    });
    const elsewhere = await connectLive(server.url, {
      app: 'earningshub',
      anonymousId: `elsewhere-${randomUUID().slice(0, 8)}`,
    });
    open.push(follower, elsewhere);
    await Promise.all([follower.next('welcome'), elsewhere.next('welcome')]);
    follower.send({ type: 'subscribe', requestId: 'posts', targets: { events: [eventId] } });
    elsewhere.send({ type: 'subscribe', requestId: 'other', targets: { events: [otherEventId] } });
    expect(await follower.next('subscribed')).toMatchObject({ targets: { events: [eventId] } });
    await elsewhere.next('subscribed');

    const created = (await post(bob, { eventId, content: 'Live from the call: CFO sounds confident.' })).json;
    expect(await follower.next('events_community_post', (m) => m.data.id === created.id)).toEqual({
      type: 'events_community_post',
      action: 'created',
      data: created,
    });
    const edited = (await patch(bob, created.id, { content: 'CFO sounds confident about margins.' })).json;
    expect(
      await follower.next('events_community_post', (m) => m.action === 'updated' && m.data.id === created.id),
    ).toMatchObject({ data: { content: 'CFO sounds confident about margins.', updatedAt: edited.updatedAt } });
    await remove(bob, created.id);
    expect(
      await follower.next('events_community_post', (m) => m.action === 'deleted' && m.data.id === created.id),
    ).toEqual({ type: 'events_community_post', action: 'deleted', data: { id: created.id, eventId } });
    // The client of the other event heard none of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(elsewhere.messages.filter((m) => m.type === 'events_community_post')).toEqual([]);
  });
});
