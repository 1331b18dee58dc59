import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../kernel/context.ts';
import { helmetOptions, registerSecurity, securityHeaders } from './security.ts';

describe(securityHeaders.name, () => {
  it("is what @fastify/helmet adds with our options: the policy and the usual hardening, nothing of Fastify's own", async () => {
    const headers = await securityHeaders({ BILLING_PROVIDER: 'test' });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('stripe');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    // HSTS belongs to the TLS terminator; the embed pages must load cross-origin resources.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    for (const name of ['content-type', 'content-length', 'date', 'connection']) expect(headers[name]).toBeUndefined();
  });

  it('lets Stripe.js, its card frames and its API in only where Stripe sells', async () => {
    const csp = (await securityHeaders({ BILLING_PROVIDER: 'stripe' }))['content-security-policy'] ?? '';
    const directive = (name: string) => csp.split(';').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(directive('frame-src')).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directive('connect-src')).toBe("connect-src 'self' ws: wss: https: https://api.stripe.com");
    expect(directive('default-src')).toBe("default-src 'self'");
  });
});

describe(registerSecurity.name, () => {
  it('sends every answer, a 404 included, the headers @fastify/helmet sends', async () => {
    const reference = Fastify();
    await reference.register(helmet, helmetOptions({ BILLING_PROVIDER: 'test' }));
    reference.get('/api/x', async () => ({ ok: true }));
    const expected = (await reference.inject('/api/x')).headers;
    await reference.close();

    const app = Fastify();
    const config = loadConfig({ DATA_DIR: '/tmp/eh-security-test', RATE_LIMIT_MAX: '1000' });
    // Only the rate limit's key reads the context, and only for a bearer token.
    app.decorate('ctx', { db: {} } as unknown as AppContext);
    await registerSecurity(app, config);
    app.get('/api/x', async () => ({ ok: true }));
    for (const path of ['/api/x', '/api/missing']) {
      const res = await app.inject(path);
      for (const name of Object.keys(await securityHeaders(config)))
        expect(res.headers[name], name).toBe(expected[name]);
    }
    await app.close();
  });
});
