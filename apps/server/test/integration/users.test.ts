import { users } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_OFF_MESSAGE } from '../../src/modules/billing/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  ann = await signedInUser(server, 'ann@example.com');
  bob = await signedInUser(server, 'bob@example.com');
});
afterAll(async () => server?.close());

const PRIVATE_ROUTES: [string, string][] = [
  ['GET', '/api/core/users/me'],
  ['POST', '/api/core/users/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/core/users/me'],
  ['POST', '/api/core/users/me/source'],
  ['GET', '/api/core/users/me/marketing/status'],
  ['POST', '/api/core/users/me/marketing/status'],
  ['GET', '/api/core/users/me/settings'],
  ['POST', '/api/core/users/me/settings'],
  ['POST', '/api/notifications/push-tokens'],
  ['GET', '/api/notifications/push-tokens/count?appName=earningshub'],
];

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: unknown;
  security?: unknown[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** A value the parameter's schema refuses, or null when any text passes it. */
function refused(schema: JsonSchema = {}): string | null {
  const inner = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (inner.enum?.length || inner.format || inner.pattern) return '%00not-valid%00';
  if (inner.type === 'integer' || inner.type === 'number' || inner.type === 'boolean') return 'not-valid';
  if (inner.maxLength !== undefined) return 'x'.repeat(inner.maxLength + 1);
  return null;
}

/** The route's request with every part it reads malformed: refused path and query values, a body that is no object. */
function malformed(template: string, method: string, operation: Operation) {
  const params = operation.parameters ?? [];
  let hasInput = false;
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = refused(params.find((p) => p.in === 'path' && p.name === name)?.schema);
    if (value !== null) hasInput = true;
    return value ?? 'x';
  });
  const query = params
    .filter((p) => p.in === 'query')
    .flatMap((p) => {
      const value = refused(p.schema);
      return value === null ? [] : [`${p.name}=${value}`];
    });
  if (query.length) hasInput = true;
  const withBody = Boolean(operation.requestBody) && method !== 'GET';
  if (withBody) hasInput = true;
  return {
    url: query.length ? `${url}?${query.join('&')}` : url,
    init: {
      method,
      headers: withBody ? { 'content-type': 'application/json' } : ({} as Record<string, string>),
      ...(withBody ? { body: '"not an object"' } : {}),
    },
    hasInput,
  };
}

describe('portfolios routes', () => {
  it.each(PRIVATE_ROUTES)('%s %s answers 401 without a token', async (method, path) => {
    const res = await server.api(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ message: 'Sign in required', code: 'UNAUTHORIZED' });
  });

  it("answers 401 on every private route before reading a stranger's params, query or body", async () => {
    const doc = (await body(await server.api('/api/docs/json'))) as OpenApi;
    const sweeper = await signedInUser(server, 'sweeper@example.com');
    // A deployment without a billing provider answers every payment call so, to everyone, reading no input.
    const switchedOff = (status: number, answer: { message?: string } | null) =>
      server.config.BILLING_PROVIDER === 'off' && status === 503 && answer?.message === BILLING_OFF_MESSAGE;
    const failures: string[] = [];
    let swept = 0;
    for (const [template, methods] of Object.entries(doc.paths))
      for (const [lower, operation] of Object.entries(methods)) {
        if (!operation.security) continue;
        const method = lower.toUpperCase();
        const key = `${method} ${template}`;
        const request = malformed(template, method, operation);
        swept += 1;
        for (const [who, headers] of [
          ['no token', {}],
          ['an invalid token', { authorization: 'Bearer not.a.token' }],
        ] as const) {
          const res = await server.api(request.url, {
            ...request.init,
            headers: { ...request.init.headers, ...headers },
          });
          const answer = await body(res);
          if ((res.status !== 401 || answer?.code !== 'UNAUTHORIZED') && !switchedOff(res.status, answer))
            failures.push(`${key} with ${who}: ${res.status} ${JSON.stringify(answer).slice(0, 120)}`);
        }
        // The same input signed in is refused as malformed (admin routes refuse a member first): the sweep really
        // sends input that validation would reject.
        if (!request.hasInput) continue;
        const signedIn = await server.api(request.url, {
          ...request.init,
          headers: { ...request.init.headers, ...sweeper.headers },
        });
        const expected = template.startsWith('/api/admin') ? 403 : 400;
        if (signedIn.status !== expected && !switchedOff(signedIn.status, await body(signedIn)))
          failures.push(`${key} signed in: ${signedIn.status}, not ${expected}`);
      }
    expect(swept).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('refuses a tampered, a foreign-audience or a mismatched token', async () => {
    const [h, p, s] = ann.headers.authorization.slice(7).split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: bob.sub })).toString('base64url');
    const tampered = await server.api('/api/core/users/me', {
      headers: { authorization: `Bearer ${h}.${forged}.${s}` },
    });
    expect(tampered.status).toBe(401);
    const mixed = await server.api('/api/core/users/me', {
      headers: { authorization: ann.headers.authorization, 'x-access-token': bob.headers['x-access-token'] },
    });
    expect(mixed.status).toBe(401);
    const accessAsId = await server.api('/api/core/users/me', {
      headers: { authorization: `Bearer ${ann.headers['x-access-token']}` },
    });
    expect(accessAsId.status).toBe(401);
  });
});

describe('GET /api/core/users/me', () => {
  it('returns a free account with the free features', async () => {
    const res = await server.api('/api/core/users/me', { headers: ann.headers });
    expect(res.status).toBe(200);
    const me = await body(res);
    expect(me).toMatchObject({ id: ann.sub, email: 'ann@example.com', displayPlan: 'free' });
    expect(me.accountSubscription).toMatchObject({ subscriptionType: 'free', status: 'active', plan: 'free' });
    expect(me.accountFeatures).toMatchObject({ listLimit: 1, alerts: false, ehs: false });
  });

  it('derives features from the plan: plus is paid without the pro-only ones, delinquent pro is free', async () => {
    const setPlan = (plan: string, status: 'active' | 'delinquent') =>
      server.ctx.db
        .update(users)
        .set({ plan, subscriptionType: 'paid', subscriptionStatus: status })
        .where(eq(users.id, ann.sub));
    await setPlan('earningshub_plus', 'active');
    let me = await body(await server.api('/api/core/users/me', { headers: ann.headers }));
    expect(me.accountFeatures).toMatchObject({ listLimit: -1, alerts: true, ehs: false, shortInterest: false });
    await setPlan('earningshub_pro', 'active');
    me = await body(await server.api('/api/core/users/me', { headers: ann.headers }));
    expect(me.accountFeatures).toMatchObject({ listLimit: -1, ehs: true, shortInterest: true });
    await setPlan('earningshub_pro', 'delinquent');
    me = await body(await server.api('/api/core/users/me', { headers: ann.headers }));
    expect(me.accountFeatures).toMatchObject({ subscriptionType: 'free', listLimit: 1, ehs: false });
  });
});

describe('POST /api/core/users/:id', () => {
  it('updates only your own account', async () => {
    const own = await server.api(`/api/core/users/${ann.sub}`, json({ name: 'Ann Trader' }, { headers: ann.headers }));
    expect(own.status).toBe(200);
    expect((await body(own)).name).toBe('Ann Trader');
    const other = await server.api(`/api/core/users/${bob.sub}`, json({ name: 'Hacked' }, { headers: ann.headers }));
    expect(other.status).toBe(403);
    expect((await body(other)).code).toBe('FORBIDDEN');
  });

  it.each([
    [{ name: 'x'.repeat(121) }, 'body.name'],
    [{ plan: 'earningshub_pro' }, 'body'],
  ])('rejects %j naming %s', async (payload, field) => {
    const res = await server.api(`/api/core/users/${ann.sub}`, json(payload, { headers: ann.headers }));
    expect(res.status).toBe(400);
    expect((await body(res)).message.startsWith(field)).toBe(true);
  });
});

describe('settings, marketing, source and push tokens', () => {
  it('merges settings', async () => {
    await server.api('/api/core/users/me/settings', json({ settings: { theme: 'dark' } }, { headers: bob.headers }));
    const res = await server.api(
      '/api/core/users/me/settings',
      json({ settings: { locale: 'en-US' } }, { headers: bob.headers }),
    );
    expect(await body(res)).toEqual({ settings: { theme: 'dark', locale: 'en-US' } });
    const big = await server.api(
      '/api/core/users/me/settings',
      json({ settings: { blob: 'x'.repeat(20_000) } }, { headers: bob.headers }),
    );
    expect(big.status).toBe(400);
  });

  it('keeps the marketing choice', async () => {
    expect(await body(await server.api('/api/core/users/me/marketing/status', { headers: bob.headers }))).toEqual({
      subscribed: false,
    });
    await server.api('/api/core/users/me/marketing/status', json({ subscribed: true }, { headers: bob.headers }));
    expect(await body(await server.api('/api/core/users/me/marketing/status', { headers: bob.headers }))).toEqual({
      subscribed: true,
    });
  });

  it('records the first signup source only', async () => {
    await server.api(
      '/api/core/users/me/source',
      json({ signupSource: 'cnbc', affiliateId: 'aff-1' }, { headers: bob.headers }),
    );
    const res = await server.api(
      '/api/core/users/me/source',
      json({ signupSource: 'google' }, { headers: bob.headers }),
    );
    expect((await body(res)).signup).toEqual({ signupSource: 'cnbc', affiliateId: 'aff-1' });
  });

  it('counts push tokens per app without duplicates', async () => {
    const token = { token: 'fcm-token-abcdefgh', appName: 'earningshub' };
    expect((await server.api('/api/notifications/push-tokens', json(token, { headers: bob.headers }))).status).toBe(
      201,
    );
    await server.api('/api/notifications/push-tokens', json(token, { headers: bob.headers }));
    const res = await server.api('/api/notifications/push-tokens/count?appName=earningshub', { headers: bob.headers });
    expect(await body(res)).toEqual({ count: 1 });
  });
});

describe('GET /api/core/users?ids', () => {
  it('returns public fields only', async () => {
    const res = await server.api(`/api/core/users?ids=${ann.sub},${bob.sub}`);
    const data = await body(res);
    expect(data.users).toHaveLength(2);
    for (const user of data.users) expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'id', 'name']);
    expect((await server.api('/api/core/users?ids=not-a-uuid')).status).toBe(400);
  });
});

describe('demo accounts', () => {
  it('exist on the embedded database only, one per plan, with their features', async () => {
    const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('../../src/seed/demo-accounts.ts');
    const { signIn } = await import('../cognito-client.ts');
    const pro = DEMO_ACCOUNTS.find((a) => a.plan === 'earningshub_pro');
    if (!pro) throw new Error('no pro demo account');
    const attempt = signIn(server, pro.email, DEMO_PASSWORD);
    if (server.ctx.database.driver !== 'pglite') {
      await expect(attempt).rejects.toMatchObject({ code: 'NotAuthorizedException' });
      return;
    }
    const headers = await attempt;
    const me = await body(await server.api('/api/core/users/me', { headers }));
    expect(me.accountSubscription).toMatchObject({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
    });
    expect(me.accountFeatures).toMatchObject({ listLimit: -1, ehs: true });

    // The team account is as the product leaves a team's owner: its team's subscription gives the plan, its own
    // stays free, and every screen reading /me names the team's plan.
    const teamAccount = DEMO_ACCOUNTS.find((a) => a.plan === 'earningshub_team');
    if (!teamAccount) throw new Error('no team demo account');
    const teamHeaders = await signIn(server, teamAccount.email, DEMO_PASSWORD);
    const owner = await body(await server.api('/api/core/users/me', { headers: teamHeaders }));
    expect({
      displayPlan: owner.displayPlan,
      own: owner.accountSubscription.plan,
      team: owner.team?.plan,
      ehs: owner.accountFeatures.ehs,
    }).toEqual({ displayPlan: 'earningshub_team', own: 'free', team: 'earningshub_team', ehs: true });
    const organization = await body(await server.api('/api/core/users/me/organization', { headers: teamHeaders }));
    expect(organization).toMatchObject({ role: 'owner', organization: { name: owner.team?.name } });
  });
});

describe('avatars', () => {
  // A real 1×1 PNG.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('stores an image whose content matches its type and serves it back', async () => {
    const res = await server.api(
      '/api/core/users/me/avatar',
      json({ avatar: `data:image/png;base64,${PNG}` }, { headers: bob.headers }),
    );
    expect(res.status).toBe(200);
    const { avatarUrl } = await body(res);
    expect(avatarUrl).toMatch(new RegExp(`^/api/core/users/${bob.sub}/avatar`));
    const image = await server.api(avatarUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const me = await body(await server.api('/api/core/users/me', { headers: bob.headers }));
    expect(me.avatarUrl).toBe(avatarUrl);
  });

  it.each([
    [`data:image/jpeg;base64,${PNG}`, 'content is not a image/jpeg image'],
    ['data:image/gif;base64,R0lGODlh', 'must be a PNG, JPEG or WebP data URL'],
    [`data:image/png;base64,${'A'.repeat(800_000)}`, 'must be at most 512 KB'],
  ])('rejects %#', async (avatar, message) => {
    const res = await server.api('/api/core/users/me/avatar', json({ avatar }, { headers: bob.headers }));
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe(`body.avatar: ${message}`);
  });

  it('answers 404 for a user without an avatar', async () => {
    expect((await server.api(`/api/core/users/${ann.sub}/avatar`)).status).toBe(404);
  });
});

describe('DELETE /api/core/users/me', () => {
  it('deletes the account and its identity, and its tokens stop working', async () => {
    const cy = await signedInUser(server, 'cy@example.com');
    const res = await server.api('/api/core/users/me', { method: 'DELETE', headers: cy.headers });
    expect(await body(res)).toEqual({ deleted: true });
    expect((await server.api('/api/core/users/me', { headers: cy.headers })).status).toBe(401);
    await expect(signedInUser(server, 'cy@example.com')).resolves.toBeTruthy();
  });
});
