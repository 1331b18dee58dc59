import { FLAG_NAMES } from '@eh/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: 'https://partner.example' });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/health', () => {
  it('checks the database and echoes a given request id', async () => {
    const res = await server.api('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const data = await body(res);
    expect(data).toMatchObject({ status: 'ok', database: 'ok' });
    expect(typeof data.uptimeSeconds).toBe('number');
  });

  it('generates a request id when none is given', async () => {
    const res = await server.api('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a long statement', () => {
  it('holds up no request that does not need the database (the embedded one runs in a thread of its own)', async () => {
    let ended = false;
    // PGlite's pg_sleep holds the thread it runs on: on the server's thread, nothing would be answered meanwhile.
    const statement = server.ctx.db.execute(sql`select pg_sleep(3)`).then(() => {
      ended = true;
    });
    const res = await server.api('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(ended).toBe(false);
    await statement;
  });
});

describe('GET /api/core/flags', () => {
  it('returns every SPEC flag, off on a fresh database', async () => {
    const res = await server.api('/api/core/flags?app=earningshub&platform=web');
    expect(res.status).toBe(200);
    const data = await body(res);
    expect(data.app).toBe('earningshub');
    expect(data.platform).toBe('web');
    expect(Object.keys(data.flags).sort()).toEqual([...FLAG_NAMES].sort());
    for (const name of FLAG_NAMES) expect(data.flags[name]).toMatchObject({ enabled: false, message: null });
  });

  it('returns only the requested flags', async () => {
    const res = await server.api('/api/core/flags?flags=dev,%20bannerMessage&platform=mobile');
    const data = await body(res);
    expect(Object.keys(data.flags).sort()).toEqual(['bannerMessage', 'dev']);
    expect(data.platform).toBe('mobile');
  });

  it.each([
    ['platform=tv', 'query.platform'],
    ['flags=dev,nope', 'query.flags'],
    ['app=other', 'query.app'],
  ])('rejects %s naming %s', async (query, field) => {
    const res = await server.api(`/api/core/flags?${query}`);
    expect(res.status).toBe(400);
    const data = await body(res);
    expect(data.code).toBe('VALIDATION_ERROR');
    expect(data.message.startsWith(field)).toBe(true);
    expect(data.details[0].field.startsWith(field)).toBe(true);
  });
});

describe('admin flags', () => {
  it('refuses without the admin token', async () => {
    const res = await server.api('/api/admin/flags/dev', json({ enabled: true }, { method: 'PUT' }));
    expect(res.status).toBe(401);
    expect((await body(res)).code).toBe('UNAUTHORIZED');
  });

  it('sets a flag and its message, visible to the flags call', async () => {
    const token = server.ctx.adminToken ?? '';
    const res = await server.api(
      '/api/admin/flags/bannerMessage',
      json(
        { enabled: true, message: 'Earnings season starts Monday' },
        { method: 'PUT', headers: { 'x-admin-token': token } },
      ),
    );
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ name: 'bannerMessage', enabled: true });
    const flags = await body(await server.api('/api/core/flags?flags=bannerMessage'));
    expect(flags.flags.bannerMessage).toMatchObject({ enabled: true, message: 'Earnings season starts Monday' });

    const off = await server.api(
      '/api/admin/flags/bannerMessage',
      json({ enabled: false }, { method: 'PUT', headers: { 'x-admin-token': token } }),
    );
    expect(await body(off)).toMatchObject({ enabled: false, message: 'Earnings season starts Monday' });
  });

  it('rejects an unknown flag name', async () => {
    const res = await server.api(
      '/api/admin/flags/notAFlag',
      json({ enabled: true }, { method: 'PUT', headers: { 'x-admin-token': server.ctx.adminToken ?? '' } }),
    );
    expect(res.status).toBe(400);
    expect((await body(res)).message).toMatch(/^path\.name/);
  });
});

describe('GET /api/core/release-notes', () => {
  it('serves each platform its own notes, newest first', async () => {
    const web = await body(await server.api('/api/core/release-notes?platform=web'));
    const native = await body(await server.api('/api/core/release-notes?platform=native'));
    expect(web.notes.length).toBeGreaterThan(0);
    expect(native.notes.length).toBeGreaterThan(0);
    expect(web.notes.every((n: { platform: string }) => n.platform === 'web')).toBe(true);
    expect(native.notes.every((n: { platform: string }) => n.platform === 'native')).toBe(true);
    const dates = web.notes.map((n: { date: string }) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(web.notes[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('rejects a limit out of range', async () => {
    const res = await server.api('/api/core/release-notes?limit=1000');
    expect(res.status).toBe(400);
    expect((await body(res)).message).toMatch(/^query\.limit/);
  });
});

describe('POST /api/core/feedback', () => {
  it('stores valid feedback', async () => {
    const res = await server.api(
      '/api/core/feedback',
      json({ category: 'idea', message: 'Please show pre-market movers.', email: 'trader@example.com', page: '/' }),
    );
    expect(res.status).toBe(201);
    const data = await body(res);
    expect(data.id).toBeGreaterThan(0);
    expect(new Date(data.createdAt).getTime()).not.toBeNaN();
  });

  it.each([
    [{ category: 'idea', message: 'short' }, 'body.message'],
    [{ category: 'praise', message: 'A perfectly long message' }, 'body.category'],
    [{ category: 'bug', message: 'A perfectly long message', email: 'not-an-email' }, 'body.email'],
    [{ category: 'bug', message: 12345678901 }, 'body.message'],
    [{ message: 'A perfectly long message' }, 'body.category'],
    [[1, 2, 3], 'body'],
  ])('rejects %j naming %s', async (payload, field) => {
    const res = await server.api('/api/core/feedback', json(payload));
    expect(res.status).toBe(400);
    const data = await body(res);
    expect(data.code).toBe('VALIDATION_ERROR');
    expect(data.message.startsWith(field)).toBe(true);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await server.api('/api/core/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"category": "bug", ',
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message: 'Request body is not valid JSON', code: 'MALFORMED_BODY' });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await server.api('/api/core/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await body(res)).code).toBe('MALFORMED_BODY');
  });

  it('answers an address with a broken percent-encoding with 400 in the one error shape, page or API', async () => {
    for (const path of ['/quote/%E0%A4%A', '/api/pricing/assets/%E0%A4%A/info']) {
      const res = await server.api(path);
      expect(res.status, path).toBe(400);
      expect(await body(res), path).toEqual({
        message: 'The address is not valid: it has a malformed percent-encoding',
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('answers an oversized body with 413', async () => {
    const res = await server.api(
      '/api/core/feedback',
      json({ category: 'bug', message: 'x'.repeat(server.config.BODY_LIMIT_BYTES + 10) }),
    );
    expect(res.status).toBe(413);
    expect((await body(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await server.api('/api/core/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<feedback/>',
    });
    expect(res.status).toBe(415);
    expect((await body(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown API path is a JSON 404', async (method) => {
    const res = await server.api('/api/core/nothing-here?x=1', { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await body(res)).toEqual({ message: `Route ${method} /api/core/nothing-here not found`, code: 'NOT_FOUND' });
  });
});

describe('OpenAPI', () => {
  it('documents every route from its contract', async () => {
    const res = await server.api('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = await body(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/health', '/api/core/flags', '/api/core/release-notes', '/api/core/feedback']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const flagsParams = doc.paths['/api/core/flags'].get.parameters.map((p: { name: string }) => p.name);
    expect(flagsParams).toEqual(expect.arrayContaining(['flags', 'app', 'platform']));
  });

  it('serves the docs UI', async () => {
    const res = await server.api('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('security headers and CORS', () => {
  it('sends a CSP without inline scripts and the usual hardening headers', async () => {
    const res = await server.api('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('allows a configured origin and no other', async () => {
    const allowed = await server.api('/api/health', { headers: { origin: 'https://partner.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const other = await server.api('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

// Who may read the outbox (the local mailbox): mail.test.ts.

describe('GET /api/core/app-info', () => {
  it('names the database driver and bus in use', async () => {
    const data = await body(await server.api('/api/core/app-info'));
    expect(data.database).toBe(server.ctx.database.driver);
    expect(data.bus).toBe(server.ctx.bus.kind);
    expect(data.roles).toEqual(['api', 'sync', 'idp', 'worker']);
  });

  it('says where market data comes from: the demo market here, no real provider', async () => {
    const data = await body(await server.api('/api/core/app-info'));
    expect(data.marketData).toEqual({ demo: server.ctx.config.SEED_DEMO, providers: [] });
  });
});
