/**
 * The service tier: the modules' services and queries called directly on a real database, with no HTTP server and no
 * sign-in. A file writes its tests once inside `eachDatabase`, and they run on embedded PGlite and, when
 * TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL too (TEST_SERVICE_ENGINES picks one): each database a
 * copy of the seeded template (the demo market included) made for this file.
 */
import { randomUUID } from 'node:crypto';
import { idpUsers, users } from '@eh/db';
import type { Plan } from '@eh/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import type { IdpContext } from '../../src/idp/flow.ts';
import { createIdpContext } from '../../src/idp/index.ts';
import type { AppContext } from '../../src/kernel/context.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { closeAppContext, openAppContext } from '../../src/server.ts';
import { TEST_DATABASE_URL, TEST_SERVICE_ENGINES } from '../env.ts';
import { createTestStore, testConfig } from '../harness.ts';

export type DatabaseKind = 'pglite' | 'postgresql';

/** Where the service tier runs: PGlite (a newcomer's machine has nothing else), and PostgreSQL when there is one. */
export const DATABASES: DatabaseKind[] = (
  TEST_SERVICE_ENGINES ?? (TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'])
).map((engine) => {
  if (engine !== 'pglite' && engine !== 'postgresql') throw new Error(`TEST_SERVICE_ENGINES: unknown engine ${engine}`);
  if (engine === 'postgresql' && !TEST_DATABASE_URL)
    throw new Error('TEST_SERVICE_ENGINES: postgresql needs TEST_DATABASE_URL');
  return engine;
});

/** A log that drops everything, for services that take one. */
export const silentLog: FastifyBaseLogger = pino({ level: 'silent' });

export interface ServiceContext {
  kind: DatabaseKind;
  /** The context the server's roles run on, opened on this file's database; no job lane or loop runs on it. */
  ctx: AppContext;
  /**
   * A person who signed up and confirmed their email, with an account row on `plan` (free unless said): the caller
   * a route would pass to a service after the sign-in.
   */
  user(options?: { email?: string; plan?: Plan; emailVerified?: boolean }): Promise<Caller>;
  /** The identity provider's context on `ctx`, as its routes get it (made once: it loads the signing key). */
  idp(): Promise<IdpContext>;
}

/** Opens a context on a fresh copy of the seeded template on `kind`; `env` is configuration as a deployment sets it. */
export async function openServiceContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<ServiceContext & { close(): Promise<void> }> {
  const store = await createTestStore(kind);
  let ctx: AppContext;
  try {
    ctx = await openAppContext(testConfig(store, env));
  } catch (error) {
    await store.remove();
    throw error;
  }
  let idp: Promise<IdpContext> | undefined;
  return {
    kind,
    ctx,
    user: (options) => createUser(ctx, options),
    idp: () => {
      idp ??= createIdpContext(ctx);
      return idp;
    },
    async close() {
      await closeAppContext(ctx);
      await store.remove();
    },
  };
}

let people = 0;

async function createUser(
  ctx: AppContext,
  { email, plan = 'free', emailVerified = true }: { email?: string; plan?: Plan; emailVerified?: boolean } = {},
): Promise<Caller> {
  people += 1;
  const sub = randomUUID();
  const address = email ?? `person-${people}-${sub.slice(0, 8)}@example.com`;
  await ctx.db.insert(idpUsers).values({
    sub,
    username: address.toLowerCase(),
    email: address,
    emailVerified,
    status: 'CONFIRMED',
    // Never used to sign in: the service tier starts after the sign-in.
    salt: 'service-tier',
    sealedVerifier: 'service-tier',
  });
  await ctx.db.insert(users).values({ id: sub, email: address });
  if (plan !== 'free') await ctx.db.update(users).set({ plan, subscriptionType: 'paid' }).where(eq(users.id, sub));
  return { sub, email: address };
}

/**
 * Declares `body`'s tests once per database in DATABASES, each group on its own context, opened before its first
 * test and closed after its last. `body` reads the context through the getter once tests run; `kind` is known as
 * the tests are declared (for a group that one engine alone can run).
 */
export function eachDatabase(
  body: (service: () => ServiceContext, kind: DatabaseKind) => void,
  options: { env?: Record<string, string> } = {},
): void {
  describe.each(DATABASES)('on %s', (kind) => {
    let opened: (ServiceContext & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      opened = await openServiceContext(kind, options.env);
    });
    afterAll(async () => {
      await opened?.close();
    });
    body(() => {
      if (!opened) throw new Error(`the ${kind} context is not open: read it inside a test or a hook`);
      return opened;
    }, kind);
  });
}
