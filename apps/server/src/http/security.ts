import { ErrorCode } from '@eh/contracts';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { createBearerSubject } from '../kernel/http/auth.ts';

/**
 * The CSP the web app runs under: no inline scripts, styles inline (emotion), sockets to self. A call's audio
 * streams from wherever the company webcasts it (any HTTPS host: the audio element, and hls.js reading an HLS
 * playlist), and a call's video plays in YouTube's privacy-enhanced player (docs/decisions/0026).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * What Stripe.js and its card frames load from (https://docs.stripe.com/security/guide#content-security-policy),
 * allowed only where Stripe sells: elsewhere the policy names no third party.
 */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

export function contentSecurityPolicy(config: Pick<Config, 'BILLING_PROVIDER'>) {
  if (config.BILLING_PROVIDER !== 'stripe') return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...STRIPE_SOURCES.scriptSrc],
    frameSrc: [...CONTENT_SECURITY_POLICY.frameSrc, ...STRIPE_SOURCES.frameSrc],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...STRIPE_SOURCES.connectSrc],
  };
}

/** Paths other sites may frame (the calendar embed of SPEC §2). */
export const EMBEDDABLE_PATH = /^\/embed\//;

/** The services under their own prefixes; every other path is the web app (its pages and static files). */
const SERVICE_PREFIXES = ['/api', '/idp', '/sync'];

export const pathOf = (url: string) => url.split('?')[0] ?? '/';

export function isServicePath(path: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Who a request counts against: API calls with a bearer identity token that verifies, against its user (people
 * behind one office address each have their own); everything else, a token that does not verify included,
 * against the client's address (an IPv6 /64 as one), so made-up tokens never open a fresh count.
 */
function rateLimitKey(subjectOf: (request: FastifyRequest) => Promise<string | null>) {
  return async (request: FastifyRequest) => {
    const address = normalizeIP(request.ip);
    if (!pathOf(request.url).startsWith('/api/') || !request.headers.authorization) return address;
    const subject = await subjectOf(request).catch(() => null);
    return subject ? `user:${subject}` : address;
  };
}

export const helmetOptions = (config: Pick<Config, 'BILLING_PROVIDER'>) => ({
  contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
  // Served over plain HTTP in embedded mode; HSTS belongs to the TLS terminator in production.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
});

/**
 * The hardening headers helmet adds with our options: the same on every response (no nonces, no per-request
 * policy). @fastify/helmet builds helmet and parses the policy again for every request (~35 µs, more than a bare
 * Fastify route's whole answer), so they are read once, from @fastify/helmet itself on a throwaway instance.
 */
export async function securityHeaders(config: Pick<Config, 'BILLING_PROVIDER'>): Promise<Record<string, string>> {
  const probe = async (secured: boolean) => {
    const instance = Fastify();
    if (secured) await instance.register(helmet, helmetOptions(config));
    instance.get('/', async () => 'probe');
    const res = await instance.inject('/');
    await instance.close();
    return res.headers;
  };
  const [plain, secured] = await Promise.all([probe(false), probe(true)]);
  return Object.fromEntries(
    Object.entries(secured).flatMap(([name, value]) =>
      name in plain || value === undefined ? [] : [[name, String(value)]],
    ),
  );
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = await securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.includes('*') ? true : config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: !config.CORS_ORIGINS.includes('*'),
  });
  // Loaded only where Redis is configured (the bus explains why).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  // While Redis is gone counting fails open (skipOnError) and the bus logs the outage once; without a listener
  // ioredis would print every failed reconnection.
  redis?.on('error', () => {});
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    // Pages and the web app's files are never limited: one page load is 50-70 of them, served from caches.
    allowList: (request) => !isServicePath(pathOf(request.url)),
    keyGenerator: rateLimitKey(createBearerSubject({ ...app.ctx, config })),
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}),
    // A rate-limit store outage must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${context.after}`,
      code: ErrorCode.rateLimited,
    }),
  });
}
