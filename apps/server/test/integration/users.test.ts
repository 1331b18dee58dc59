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

const NO_USER = '00000000-0000-4000-8000-000000000000';
// A real 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const PRIVATE_ROUTES: [string, string][] = [
  ['GET', '/api/core/users/me'],
  ['POST', `/api/core/users/${NO_USER}`],
  ['POST', `/api/core/users/${NO_USER}/verification/phone`],
  ['POST', `/api/core/users/${NO_USER}/cognito`],
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
    // Refused input changes nothing, and the one route without input (deleting the account) is not sent signed in.
    const sweeper = bob;
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

/**
 * The rules (features by plan, settings, sources, push tokens, avatars, phone and re-sync, deletion) are the service
 * tier's (test/service/users.test.ts); here, what HTTP adds.
 */
describe('the account over HTTP', () => {
  it('answers the account of the signed-in token', async () => {
    const res = await server.api('/api/core/users/me', { headers: ann.headers });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: ann.sub, email: 'ann@example.com', displayPlan: 'free' });
  });

  it("answers 403 on every route naming another user's account, and 200 on one's own", async () => {
    const own = await server.api(`/api/core/users/${ann.sub}`, json({ name: 'Ann Trader' }, { headers: ann.headers }));
    expect(own.status).toBe(200);
    expect((await body(own)).name).toBe('Ann Trader');
    const attempts = [
      server.api(`/api/core/users/${bob.sub}`, json({ name: 'Hacked' }, { headers: ann.headers })),
      server.api(`/api/core/users/${bob.sub}/verification/phone`, json({ code: '123456' }, { headers: ann.headers })),
      server.api(`/api/core/users/${bob.sub}/cognito`, { method: 'POST', headers: ann.headers }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(await body(res)).toEqual({ message: 'You can only change your own account', code: 'FORBIDDEN' });
    }
  });

  it.each([
    [`/api/core/users/{ann}`, { name: 'x'.repeat(121) }, 'body.name'],
    [`/api/core/users/{ann}`, { plan: 'earningshub_pro' }, 'body'],
    [`/api/core/users/{ann}/verification/phone`, { code: '12ab' }, 'body.code: must be the 6-digit code'],
    [`/api/core/users/not-a-uuid/verification/phone`, { code: '123456' }, 'path.id: '],
    ['/api/core/users/me/settings', { settings: { blob: 'x'.repeat(20_000) } }, 'body.settings.blob: '],
  ])('refuses %s with %j naming %s', async (path, payload, field) => {
    const res = await server.api(path.replace('{ann}', ann.sub), json(payload, { headers: ann.headers }));
    expect(res.status).toBe(400);
    expect((await body(res)).message.startsWith(field)).toBe(true);
  });

  it('answers a rule the service refuses with its status, message and code: a phone to verify that is not there', async () => {
    const res = await server.api(
      `/api/core/users/${ann.sub}/verification/phone`,
      json({ code: '123456' }, { headers: ann.headers }),
    );
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message: 'The account has no phone number to verify', code: 'VALIDATION_ERROR' });
  });

  it('answers a registered push token 201, and its count', async () => {
    const token = { token: 'fcm-token-abcdefgh', appName: 'earningshub' };
    const res = await server.api('/api/notifications/push-tokens', json(token, { headers: bob.headers }));
    expect(res.status).toBe(201);
    expect(await body(res)).toEqual({ registered: true });
    const count = await server.api('/api/notifications/push-tokens/count?appName=earningshub', {
      headers: bob.headers,
    });
    expect(await body(count)).toEqual({ count: 1 });
  });
});

describe('GET /api/core/users?ids', () => {
  it('answers without a token, and refuses an id that is no uuid', async () => {
    const res = await server.api(`/api/core/users?ids=${ann.sub},${bob.sub}`);
    expect(res.status).toBe(200);
    expect((await body(res)).users.map((user: { id: string }) => user.id).sort()).toEqual([ann.sub, bob.sub].sort());
    expect((await server.api('/api/core/users?ids=not-a-uuid')).status).toBe(400);
  });
});

describe('avatars', () => {
  it('stores an image and serves it back with its type, publicly', async () => {
    const res = await server.api(
      '/api/core/users/me/avatar',
      json({ avatar: `data:image/png;base64,${PNG}` }, { headers: bob.headers }),
    );
    expect(res.status).toBe(200);
    const { avatarUrl } = await body(res);
    const image = await server.api(avatarUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it.each([
    ['data:image/gif;base64,R0lGODlh', 'must be a PNG, JPEG or WebP data URL'],
    [`data:image/png;base64,${'A'.repeat(800_000)}`, 'must be at most 512 KB'],
  ])('refuses %#', async (avatar, message) => {
    const res = await server.api('/api/core/users/me/avatar', json({ avatar }, { headers: bob.headers }));
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe(`body.avatar: ${message}`);
  });

  it('answers 404 for a user without an avatar', async () => {
    const res = await server.api(`/api/core/users/${ann.sub}/avatar`);
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ message: 'No avatar for this user', code: 'NOT_FOUND' });
  });
});

describe('DELETE /api/core/users/me', () => {
  it('answers deleted, takes the avatar down, and its tokens stop working', async () => {
    const cy = await signedInUser(server, 'cy@example.com');
    await server.api(
      '/api/core/users/me/avatar',
      json({ avatar: `data:image/png;base64,${PNG}` }, { headers: cy.headers }),
    );
    expect((await server.api(`/api/core/users/${cy.sub}/avatar`)).status).toBe(200);
    const res = await server.api('/api/core/users/me', { method: 'DELETE', headers: cy.headers });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ deleted: true });
    expect((await server.api('/api/core/users/me', { headers: cy.headers })).status).toBe(401);
    expect((await server.api(`/api/core/users/${cy.sub}/avatar`)).status).toBe(404);
  });
});
