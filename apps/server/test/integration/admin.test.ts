/**
 * The super-admin tools (decision 0031) over HTTP. Every route the server documents under /api/admin is walked
 * signed out (401), with a wrong admin token (401), as a signed-in member without the flag (403) and as a super admin
 * (2xx): a route added outside the guard, or without a sample here, fails. Then what HTTP adds to each tool: the
 * operator token, the flag read on every call, validation naming the field, the statuses of its answers, and
 * `npm run users -- set-admin` reaching the running server. What each tool does is the service tier's
 * (test/service/admin.test.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { users } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { addFarCallEvent } from '../market-fixtures.ts';

type Member = Awaited<ReturnType<typeof signedInUser>>;
type Who = Member | null;

const run = promisify(execFile);
const CLI = new URL('../../src/cli/users.ts', import.meta.url).pathname;

let server: TestServer;
let admin: Member;
let member: Member;
let other: Member;
let eventId: number;

async function call(method: string, path: string, who: Who, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await server.api(`/api${path}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...who?.headers,
      ...headers,
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const addEvent = (key: string) => addFarCallEvent(server.ctx.db, 'ZQAD', `ZQ Admin ${key} call`);

async function addPost(who: Member, event: number, content: string): Promise<string> {
  const res = await call('POST', '/events-community/posts', who, { eventId: event, content });
  expect(res.status).toBe(201);
  return res.json.id;
}

/** The users command, against the running test server's data folder or database. */
function usersCommand(...args: string[]) {
  const env = {
    ...process.env,
    DATA_DIR: server.config.DATA_DIR,
    ...(server.config.DATABASE_URL ? { DATABASE_URL: server.config.DATABASE_URL } : {}),
    ...(server.config.ADMIN_TOKEN ? { ADMIN_TOKEN: server.config.ADMIN_TOKEN } : {}),
    LOG_LEVEL: 'silent',
  };
  return run(process.execPath, [CLI, ...args], { env });
}

const NOTE = {
  platform: 'native',
  version: '9.9.0',
  date: '2026-11-25',
  title: 'Admin test note',
  items: ['One change.'],
} as const;

beforeAll(async () => {
  // No worker role: nothing here needs one.
  // Billing named: with DATABASE_URL (the PostgreSQL run) it is off unless chosen, and payouts answer 503.
  server = await startTestServer({ ROLES: 'api,idp', BILLING_PROVIDER: 'test' });
  [admin, member, other] = await Promise.all([
    signedInUser(server, 'boss.admin@example.com'),
    signedInUser(server, 'member.admin@example.com'),
    signedInUser(server, 'other.admin@example.com'),
  ]);
  for (const who of [admin, member, other]) await call('GET', '/core/users/me', who);
  await server.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, admin.sub));
  eventId = await addEvent('main');
});

afterAll(async () => {
  await server?.close();
});

/** Every /api/admin route the server has, from its own OpenAPI document (every mounted route is documented). */
async function adminRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await (await server.api('/api/docs/json')).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
}

/** Fills `{name}` placeholders with something of the right shape (the guard answers before validation). */
const filled = (path: string, values: Record<string, string | number> = {}) =>
  path.slice(4).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? (name === 'id' ? 1 : 'dev')));

interface Sample {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  status: number;
}

describe('every admin route', () => {
  it('is refused signed out (401), with a bad token (401), to members (403), and served to a super admin', async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);

    // What a super admin sends to each route for a 2xx (prepared: a note to edit, one to delete, a post to remove).
    const editNote = (await call('POST', '/admin/release-notes', admin, NOTE)).json.id;
    const dropNote = (await call('POST', '/admin/release-notes', admin, NOTE)).json.id;
    const post = await addPost(member, eventId, 'A post a moderator removes.');
    const samples: Record<string, Sample> = {
      'GET /api/admin/session': { status: 200 },
      'GET /api/admin/flags': { status: 200 },
      'PUT /api/admin/flags/{name}': { params: { name: 'bannerMessage' }, body: { enabled: false }, status: 200 },
      'GET /api/admin/release-notes': { query: '?platform=native', status: 200 },
      'POST /api/admin/release-notes': { body: NOTE, status: 201 },
      'PUT /api/admin/release-notes/{id}': {
        params: { id: editNote },
        body: { ...NOTE, title: 'Edited' },
        status: 200,
      },
      'DELETE /api/admin/release-notes/{id}': { params: { id: dropNote }, status: 200 },
      'GET /api/admin/community/posts': { status: 200 },
      'DELETE /api/admin/community/posts/{id}': { params: { id: post }, status: 200 },
      'GET /api/admin/ingestion': { status: 200 },
      'PUT /api/admin/ingestion/switch': { body: { scope: 'sec', stopped: false }, status: 200 },
      'PUT /api/admin/users/plan': { body: { email: 'other.admin@example.com', plan: 'free' }, status: 200 },
      'PUT /api/admin/users/super-admin': {
        body: { email: 'other.admin@example.com', superAdmin: false },
        status: 200,
      },
      'POST /api/admin/demo/report': { body: { symbol: 'AAPL' }, status: 200 },
      'POST /api/admin/affiliates/settle': { body: {}, status: 200 },
      'POST /api/admin/affiliates/payouts': { body: { period: '2026-10' }, status: 200 },
    };

    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const sample = samples[key];
      const path = filled(route.path, sample?.params) + (sample?.query ?? '');
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : (sample?.body ?? {});
      const anonymous = await call(route.method, path, null, payload);
      if (anonymous.status !== 401) failures.push(`${key} signed out: ${anonymous.status}`);
      const badToken = await call(route.method, path, null, payload, { [ADMIN_TOKEN_HEADER]: 'not-the-token' });
      if (badToken.status !== 401) failures.push(`${key} wrong admin token: ${badToken.status}`);
      const forged = await call(route.method, path, null, payload, { authorization: 'Bearer not.a.token' });
      if (forged.status !== 401) failures.push(`${key} invalid bearer: ${forged.status}`);
      const refused = await call(route.method, path, member, payload);
      if (refused.status !== 403) failures.push(`${key} as a member: ${refused.status}`);
      if (!sample) {
        failures.push(`${key} has no super-admin sample in admin.test.ts: add one`);
        continue;
      }
      const served = await call(route.method, path, admin, payload);
      if (served.status !== sample.status)
        failures.push(`${key} as a super admin: ${served.status} ${JSON.stringify(served.json).slice(0, 200)}`);
    }
    // Samples for routes the server no longer has are stale.
    const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(samples)) if (!known.has(key)) failures.push(`${key}: sample for no route`);
    expect(failures).toEqual([]);
  });

  it('lets the operator token in too (the users and flags commands), and reads the flag on every call', async () => {
    const token = server.ctx.adminToken ?? '';
    const viaToken = await call('GET', '/admin/session', null, undefined, { [ADMIN_TOKEN_HEADER]: token });
    expect(viaToken).toMatchObject({ status: 200, json: { via: 'token', userId: null } });
    expect(await call('GET', '/admin/session', admin)).toMatchObject({
      status: 200,
      json: { via: 'session', userId: admin.sub, email: 'boss.admin@example.com' },
    });
    // The account says so (SPEC §6's client-side flag: the app links /admin for it).
    expect(await call('GET', '/core/users/me', admin)).toMatchObject({ status: 200, json: { superAdmin: true } });
    expect(await call('GET', '/core/users/me', member)).toMatchObject({ status: 200, json: { superAdmin: false } });
    // Taking the flag away takes effect on the next call.
    await server.ctx.db.update(users).set({ superAdmin: false }).where(eq(users.id, admin.sub));
    expect((await call('GET', '/admin/flags', admin)).status).toBe(403);
    expect((await call('GET', '/core/users/me', admin)).json).toMatchObject({ superAdmin: false });
    await server.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, admin.sub));
    expect((await call('GET', '/admin/flags', admin)).status).toBe(200);
  });

  it('keeps the super-admin affiliate calls of decision 0028 behind the same flag', async () => {
    expect((await call('GET', '/core/affiliates', null)).status).toBe(401);
    expect((await call('GET', '/core/affiliates', member)).status).toBe(403);
    expect((await call('GET', '/core/affiliates', admin)).status).toBe(200);
  });
});

describe('npm run users -- set-admin', () => {
  it('makes an account a super admin and back', async () => {
    expect((await call('GET', '/admin/session', other)).status).toBe(403);
    const { stdout } = await usersCommand('set-admin', 'other.admin@example.com');
    expect(stdout).toContain('other.admin@example.com: super admin');
    expect((await call('GET', '/admin/session', other)).status).toBe(200);
    await usersCommand('unset-admin', 'other.admin@example.com');
    expect((await call('GET', '/admin/session', other)).status).toBe(403);
    await expect(usersCommand('set-admin', 'nobody.admin@example.com')).rejects.toMatchObject({ code: 2 });
  }, 180_000);
});

describe('flags and messages', () => {
  it('trims a message it is sent, and the public call shows the flag', async () => {
    const on = await call('PUT', '/admin/flags/ehMaintenanceModeMobile', admin, {
      enabled: true,
      message: '  Back at noon  ',
    });
    expect(on).toMatchObject({
      status: 200,
      json: { name: 'ehMaintenanceModeMobile', enabled: true, message: 'Back at noon' },
    });
    const mobile = await call('GET', '/core/flags?app=earningshub&platform=mobile', null);
    expect(mobile.json.flags.ehMaintenanceModeMobile).toMatchObject({ enabled: true, message: 'Back at noon' });
    await call('PUT', '/admin/flags/ehMaintenanceModeMobile', admin, { enabled: false, message: null });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/admin/flags/noSuchFlag', { enabled: true }, 'name'],
      ['/admin/flags/bannerMessage', { enabled: 'yes' }, 'enabled'],
      ['/admin/flags/bannerMessage', { enabled: true, message: 'x'.repeat(100_000) }, 'message'],
      ['/admin/flags/bannerMessage', { enabled: true, message: 'a\u0000b' }, 'message'],
      ['/admin/flags/bannerMessage', { enabled: true, message: 'a\ud800b' }, 'message'],
    ];
    for (const [path, payload, field] of cases) {
      const res = await call('PUT', path, admin, payload);
      expect(res.status, `${path} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      expect(JSON.stringify(res.json), path).toContain(field);
    }
  });
});

describe('release notes', () => {
  it('answers a creation 201, an edit and a deletion 200, and a note it does not have 404', async () => {
    const created = await call('POST', '/admin/release-notes', admin, { ...NOTE, title: 'Native only' });
    expect(created).toMatchObject({ status: 201, json: { title: 'Native only', platform: 'native' } });
    const id = created.json.id;
    const native = await call('GET', '/core/release-notes?platform=native', null);
    expect(native.json.notes.map((n: { id: number }) => n.id)).toContain(id);
    expect(await call('PUT', `/admin/release-notes/${id}`, admin, { ...NOTE, platform: 'web' })).toMatchObject({
      status: 200,
      json: { id, platform: 'web' },
    });
    expect(await call('DELETE', `/admin/release-notes/${id}`, admin)).toEqual({
      status: 200,
      json: { id, deleted: true },
    });
    expect(await call('DELETE', `/admin/release-notes/${id}`, admin)).toMatchObject({
      status: 404,
      json: { message: `Unknown release note: ${id}`, code: 'NOT_FOUND' },
    });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...NOTE, platform: 'ios' }, 'platform'],
      [{ ...NOTE, date: '2026-02-30' }, 'date'],
      [{ ...NOTE, title: '' }, 'title'],
      [{ ...NOTE, title: 'x'.repeat(100_000) }, 'title'],
      [{ ...NOTE, title: 'a\u0000b' }, 'title'],
      [{ ...NOTE, items: [] }, 'items'],
      [{ ...NOTE, items: 'one' }, 'items'],
      [{ ...NOTE, version: 'v 1' }, 'version'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/admin/release-notes', admin, payload);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.json), field).toContain(field);
    }
    // A __proto__ key is refused before any handler, as everywhere in the API.
    const proto = await server.api('/api/admin/release-notes', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: `{"__proto__": {"x": 1}, ${JSON.stringify(NOTE).slice(1)}`,
    });
    expect(proto.status).toBe(400);
    expect((await call('DELETE', '/admin/release-notes/abc', admin)).json.message).toContain('id');
  });
});

describe('community moderation', () => {
  it("answers the list and a moderator's delete, and bad ids and limits 400 naming the field", async () => {
    const first = await addPost(member, eventId, 'Margins look strong.');
    const list = await call('GET', '/admin/community/posts?limit=10', admin);
    expect(list.status).toBe(200);
    expect(list.json.posts.find((p: { id: string }) => p.id === first)).toMatchObject({
      eventId,
      userEmail: 'member.admin@example.com',
      createdAt: expect.any(String),
    });
    expect(await call('DELETE', `/admin/community/posts/${first}`, admin)).toEqual({
      status: 200,
      json: { id: first, eventId, deleted: true },
    });
    expect((await call('DELETE', `/admin/community/posts/${first}`, admin)).status).toBe(404);
    expect((await call('DELETE', '/admin/community/posts/not-a-uuid', admin)).json.message).toContain('id');
    expect((await call('GET', '/admin/community/posts?limit=0', admin)).json.message).toContain('limit');
  });
});

describe('ingestion', () => {
  it('answers the switch with its state', async () => {
    expect(
      await call('PUT', '/admin/ingestion/switch', admin, { scope: 'yahoo', stopped: true, message: 'vendor down' }),
    ).toMatchObject({ status: 200, json: { scope: 'yahoo', stopped: true, message: 'vendor down' } });
    const status = await call('GET', '/admin/ingestion', admin);
    expect(status.json.providers.find((p: { name: string }) => p.name === 'yahoo')).toMatchObject({
      stopped: true,
      message: 'vendor down',
    });
    await call('PUT', '/admin/ingestion/switch', admin, { scope: 'yahoo', stopped: false });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ scope: 'nosuchvendor', stopped: true }, 'scope'],
      [{ scope: 'Yahoo!', stopped: true }, 'scope'],
      [{ scope: 'x'.repeat(100_000), stopped: true }, 'scope'],
      [{ scope: 'yahoo', stopped: 'no' }, 'stopped'],
      [{ scope: 'yahoo', stopped: true, message: 'a\u0000' }, 'message'],
      [{ scope: 'yahoo', stopped: true, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', '/admin/ingestion/switch', admin, payload);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.json), field).toContain(field);
    }
  });
});

describe('a refusal', () => {
  it('says why in its error body', async () => {
    const res = await server.api('/api/admin/flags', { headers: member.headers });
    expect(res.status).toBe(403);
    expect((await body(res)).message).toContain('super admin');
  });
});
