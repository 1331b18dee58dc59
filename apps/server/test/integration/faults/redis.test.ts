/**
 * Redis goes away while flags change: every change is stored and answered 200 within a bounded time,
 * the outage and its end are logged once each, and fan-out across nodes works again once Redis is back.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../../src/kernel/channels.ts';
import { TEST_DATABASE_URL } from '../../env.ts';
import {
  type RedisServer,
  redisAvailable,
  type ServerProcess,
  START_TIMEOUT_MS,
  startRedis,
  startServerProcess,
  TEST_TIMEOUT_MS,
  waitFor,
} from './services.ts';

const available = redisAvailable();
if (!available) console.warn('faults/redis: redis-server is not installed; these tests are skipped');
/** The test starts its own Redis, so the CI pass with TEST_DATABASE_URL would only repeat it: it runs once. */
const skip = !available || Boolean(TEST_DATABASE_URL);

/** A flag change waits at most 500 ms for Redis; the rest is the request itself on a busy 2-core machine. */
const ANSWER_BUDGET_MS = 1500;

describe.skipIf(skip)('Redis killed and restarted while flags change', () => {
  let redis: RedisServer;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-faults-redis-'));
  const adminToken = randomBytes(24).toString('hex');

  beforeAll(async () => {
    redis = await startRedis();
    server = await startServerProcess({
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      ADMIN_TOKEN: adminToken,
    });
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    if (server?.alive()) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await redis?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'stores and answers every change, logs the outage once and fans out again after it',
    async () => {
      // Another node, as far as fan-out goes: it hears what this server publishes.
      const listener = new Redis(redis.url, { retryStrategy: () => 200 });
      listener.on('error', () => {});
      const heard: string[] = [];
      listener.on('message', (_channel: string, raw: string) => heard.push(raw));
      await listener.subscribe('flags');

      const answers: { status: number; ms: number; message: string; body: string }[] = [];
      let sequence = 0;
      const change = async () => {
        sequence += 1;
        const message = `fault ${sequence}`;
        const started = Date.now();
        const res = await fetch(`${server.url}/api/admin/flags/bannerMessage`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
          body: JSON.stringify({ enabled: true, message }),
          signal: AbortSignal.timeout(30_000),
        });
        answers.push({ status: res.status, ms: Date.now() - started, message, body: await res.text() });
      };
      const stored = async () => {
        const res = await fetch(`${server.url}/api/core/flags?flags=bannerMessage`);
        return ((await res.json()) as { flags: { bannerMessage: { message: string } } }).flags.bannerMessage.message;
      };

      try {
        await change();
        await waitFor('the first change to fan out', async () => (heard.length > 0 ? true : undefined));

        await redis.kill();
        const firstDuringOutage = answers.length;
        for (let i = 0; i < 8; i += 1) {
          await change();
          await sleep(100);
        }
        expect(await stored()).toBe(answers.at(-1)?.message);
        const duringOutage = answers.slice(firstDuringOutage);

        await redis.start();
        const before = heard.length;
        // Fan-out is back once a change made after the return reaches the other node.
        await waitFor(
          'fan-out after Redis returned',
          async () => {
            await change();
            return heard.length > before ? true : undefined;
          },
          15_000,
        );
        // And this server listens again: it subscribed anew to what it had subscribed to.
        const admin = new Redis(redis.url);
        try {
          await waitFor('the server to subscribe again', async () => {
            const [, count] = (await admin.pubsub('NUMSUB', MARKET_CHANGED_CHANNEL)) as [string, number];
            return count > 0 ? true : undefined;
          });
        } finally {
          admin.disconnect();
        }

        const output = server.output();
        const lines = output.split('\n');
        console.info(
          `faults/redis: ${answers.length} flag changes, slowest during the outage ${Math.max(...duringOutage.map((a) => a.ms))} ms; ` +
            `log lines: ${lines.filter((l) => l.includes('Redis unreachable')).length} down, ` +
            `${lines.filter((l) => l.includes('Redis reachable again')).length} back`,
        );
        expect(server.alive(), output).toBe(true);
        expect(
          answers.filter((a) => a.status !== 200),
          'every change answered 200',
        ).toEqual([]);
        for (const answer of duringOutage) expect(answer.ms, answer.message).toBeLessThanOrEqual(ANSWER_BUDGET_MS);
        expect(output).not.toContain('Unhandled error event');
        expect(lines.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);
        expect(lines.filter((l) => l.includes('Redis reachable again'))).toHaveLength(1);
      } finally {
        listener.disconnect();
      }
    },
    START_TIMEOUT_MS,
  );
});
