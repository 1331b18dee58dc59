import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus } from '../../src/kernel/bus/index.ts';
import { runSeeds, SEEDS } from '../../src/seed/index.ts';
import { TEST_REDIS_URL } from '../env.ts';
import { body, FILE_BUS_NAMESPACE, startTestServer, type TestServer } from '../harness.ts';

const run = promisify(execFile);
const NODE = process.execPath;
const CLI = new URL('../../src/cli/flags.ts', import.meta.url).pathname;

describe('rate limiting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(async () => server?.close());

  it('answers 429 in the one error shape once the limit is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.api('/api/core/release-notes')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await server.api('/api/core/release-notes');
    const data = await body(res);
    expect(data.code).toBe('RATE_LIMITED');
    expect(data.message).toMatch(/^Too many requests/);
    expect(res.headers.get('retry-after')).not.toBeNull();
  });
});

describe('web app serving', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A stand-in build folder: this test is about serving rules, not the app's content.
    const dist = join(process.env.TMPDIR ?? '/tmp', `eh-dist-${process.pid}-${Date.now()}`);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>shell</title><meta name="description" content="generic" /><div id="root"><div class="boot-bar"><img src="/logo.svg" alt="" /><span>App</span></div></div>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), big);
    writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
    writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(big));
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => server?.close());

  it.each(['/', '/earnings-calendar/this-week', '/quote/AAPL/price', '/quote/BRK.B'])(
    'serves the app shell for %s',
    async (path) => {
      const res = await server.api(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it("writes each page's title, description and head into the shell", async () => {
    const home = await (await server.api('/')).text();
    expect(home).toContain('<title>Earnings this week · EarningsHub</title>');
    expect(home).toMatch(/<meta name="description" content="Who reports this week and exactly when[^"]*"/);
    expect(home).toContain(
      '</span></div><div class="boot-page boot-frame"><h1 class="boot-h1">Earnings this week</h1>',
    );
    const calendar = await (await server.api('/earnings-calendar/this-week')).text();
    expect(calendar).toContain('<h1 class="boot-h1">Earnings calendar: this week</h1>');
    // Symbol pages from the asset in the database: its name and facts line.
    const quote = await (await server.api('/quote/aapl/price')).text();
    expect(quote).toContain('<title>AAPL Price History · Apple Inc. · EarningsHub</title>');
    expect(quote).toContain('<span class="boot-symbol-name">Apple Inc.</span>');
    expect(quote).toContain('<p class="boot-facts">Stock · NASDAQ · Information Technology ·');
    // No asset, no head: the app's not-found page says so, not the HTML.
    const unknown = await (await server.api('/quote/ZZZZZZ')).text();
    expect(unknown).toContain('<title>shell</title>');
    expect(unknown).not.toContain('boot-page');
    expect(await (await server.api('/about')).text()).toContain('<title>About · EarningsHub</title>');
  });

  it('serves a file added after the start (a rebuild needs no restart)', async () => {
    writeFileSync(join(server.config.WEB_DIST, 'assets', 'late-def456.js'), 'console.log(2)');
    const res = await server.api('/assets/late-def456.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2)');
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await server.api('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it("sends the build's pre-compressed copy the client accepts, and the plain file otherwise", async () => {
    const br = await fetch(`${server.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(await br.text()).toContain('xxxx');
    const gz = await fetch(`${server.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it("compresses the shell the client accepts: it carries the first screens' styles", async () => {
    const shell = join(server.config.WEB_DIST, 'index.html');
    const original = readFileSync(shell, 'utf8');
    const styles = `<style data-emotion="css a1">${'.css-a1 { color: red; }'.repeat(400)}</style>`;
    writeFileSync(shell, original.replace('<title>', `${styles}<title>`));
    try {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=1', 'gzip'],
        ['identity', null],
      ] as const) {
        const res = await fetch(`${server.url}/earnings-calendar/this-week`, {
          headers: { 'accept-encoding': accept },
        });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toContain('accept-encoding');
        const html = await res.text();
        expect(html).toContain(styles);
        expect(html).toContain('<h1 class="boot-h1">Earnings calendar: this week</h1>');
      }
    } finally {
      writeFileSync(shell, original);
    }
  });

  it('answers a missing file or API path with a JSON 404, not the shell', async () => {
    expect((await server.api('/assets/missing.js')).status).toBe(404);
    const api = await server.api('/api/unknown');
    expect(api.status).toBe(404);
    expect((await body(api)).code).toBe('NOT_FOUND');
  });

  it('lets other sites frame the calendar embed and nothing else', async () => {
    const embed = await server.api('/embed/calendar');
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    // The embed is the calendar without site chrome: not even the boot shell's navigation frame.
    expect(embed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await embed.text()).toBe(
      '<!doctype html><title>shell</title><meta name="description" content="generic" /><div id="root"></div>',
    );
    const page = await server.api('/earnings-calendar/this-week');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(await page.text()).toContain('<div class="boot-bar">');
  });
});

// Each run of the command is a Node start that opens the database: seconds on a quiet machine, more than the project's
// 30 s for two when every core is busy.
describe('flags CLI', { timeout: 90_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('turns maintenance mode on with a message and off again, seen by the running server', async () => {
    const env = {
      ...process.env,
      DATA_DIR: server.config.DATA_DIR,
      ...(server.config.DATABASE_URL ? { DATABASE_URL: server.config.DATABASE_URL } : {}),
      LOG_LEVEL: 'silent',
    };
    const on = await run(NODE, [CLI, 'set', 'ehMaintenanceModeWeb', 'true', '--message', 'Back at noon ET'], { env });
    expect(on.stdout).toMatch(/ehMaintenanceModeWeb\s+on\s+"Back at noon ET"/);
    let flags = await body(await server.api('/api/core/flags?flags=ehMaintenanceModeWeb'));
    expect(flags.flags.ehMaintenanceModeWeb).toMatchObject({ enabled: true, message: 'Back at noon ET' });

    await run(NODE, [CLI, 'set', 'ehMaintenanceModeWeb', 'false'], { env });
    flags = await body(await server.api('/api/core/flags?flags=ehMaintenanceModeWeb'));
    expect(flags.flags.ehMaintenanceModeWeb.enabled).toBe(false);
  });

  it('refuses an unknown flag with a clear message and a non-zero exit', async () => {
    const env = { ...process.env, DATA_DIR: server.config.DATA_DIR };
    const failure = await run(NODE, [CLI, 'set', 'maintenance', 'true'], { env }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("Unknown flag 'maintenance'");
  });
});

describe(runSeeds.name, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const seedEnv = () => ({ config: server.config, embedded: server.ctx.database.driver === 'pglite' });

  it('runs each seed once per database', async () => {
    const before = await body(await server.api('/api/core/release-notes?platform=web&limit=100'));
    expect(await runSeeds(server.ctx.db, seedEnv(), SEEDS)).toEqual([]);
    const after = await body(await server.api('/api/core/release-notes?platform=web&limit=100'));
    expect(after.notes.length).toBe(before.notes.length);
  });

  it('rolls a failing seed back and records nothing for it', async () => {
    const failing = {
      name: 'always-fails',
      async run() {
        throw new Error('boom');
      },
    };
    await expect(runSeeds(server.ctx.db, seedEnv(), [failing])).rejects.toThrow('boom');
    const ran = await runSeeds(server.ctx.db, seedEnv(), [{ name: 'always-fails', run: async () => {} }]);
    expect(ran).toEqual(['always-fails']);
  });
});

describe('message bus', () => {
  it('delivers a published message to a subscriber on another bus instance of its namespace, and to no other', async () => {
    const a = await createBus(TEST_REDIS_URL, FILE_BUS_NAMESPACE);
    const b = TEST_REDIS_URL ? await createBus(TEST_REDIS_URL, FILE_BUS_NAMESPACE) : a;
    // Another deployment on the same Redis: the same channel name under its own namespace.
    const other = TEST_REDIS_URL ? await createBus(TEST_REDIS_URL, `${FILE_BUS_NAMESPACE}other:`) : null;
    try {
      const channel = `test-${Date.now()}`;
      let heard: (message: unknown) => void = () => {};
      const received = new Promise<unknown>((resolve) => {
        heard = resolve;
      });
      const heardByOther: unknown[] = [];
      let otherHeardItself: () => void = () => {};
      const otherDone = new Promise<void>((resolve) => {
        otherHeardItself = resolve;
      });
      // Each subscribe resolves once Redis has confirmed it: a message published after it is heard.
      await b.subscribe(channel, (message) => heard(message));
      await other?.subscribe(channel, (message) => {
        heardByOther.push(message);
        if ((message as { from?: string }).from === 'other') otherHeardItself();
      });
      await a.publish(channel, { symbol: 'AAPL', price: 231.5 });
      expect(await received).toEqual({ symbol: 'AAPL', price: 231.5 });
      expect(a.kind).toBe(TEST_REDIS_URL ? 'redis' : 'memory');
      if (other) {
        // Redis hands out messages in the order it takes them: once the other namespace hears its own, which was
        // published after ours, it would have heard ours before.
        await other.publish(channel, { from: 'other' });
        await otherDone;
        expect(heardByOther).toEqual([{ from: 'other' }]);
      }
    } finally {
      await a.close();
      if (b !== a) await b.close();
      await other?.close();
    }
  });
});
