import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { body, copyPgliteTemplate } from '../harness.ts';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'eh-lifecycle-'));
await copyPgliteTemplate(dataDir);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startMain(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/is running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) resolve({ child, url: match[1], output: () => out });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(Object.assign(new Error(`exited ${code}: ${out}`), { code, out })));
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

describe('a first start', () => {
  it('from an empty folder answers at once with the first pages’ data and fills the history in the background', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'eh-first-start-'));
    const started = await startMain({ DATA_DIR: empty });
    try {
      expect(started.output()).toMatch(/Market history: 0% filled in the background/);
      const history = await body(await fetch(`${started.url}/api/core/market-history`));
      expect(history).toMatchObject({ state: 'filling', stepsTotal: expect.any(Number) });
      // This and next month's calendar are in before the server listens.
      const start = new Date().toISOString().slice(0, 10);
      const end = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
      const counts = await body(
        await fetch(`${started.url}/api/pricing/assets/earnings/calendar/daily?start=${start}&end=${end}`),
      );
      expect(counts.days.length).toBeGreaterThan(10);
      // The worker takes the history's steps one by one.
      await expect
        .poll(async () => (await body(await fetch(`${started.url}/api/core/market-history`))).stepsDone, {
          timeout: 60_000,
          interval: 500,
        })
        .toBeGreaterThan(0);
    } finally {
      started.child.kill('SIGTERM');
      await exitOf(started.child);
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('server process', () => {
  it('refuses a bad configuration value, naming the variable', async () => {
    const failure = await startMain({ PORT: 'not-a-port', ROLES: 'api,websocket' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 1 });
    const out = (failure as { out: string }).out;
    expect(out).toContain('Invalid configuration');
    expect(out).toMatch(/PORT: /);
    expect(out).toMatch(/ROLES\.1: /);
  });

  it('shuts down cleanly on SIGTERM and keeps its data for the next start', async () => {
    const first = await startMain({});
    expect(first.output()).toContain('API docs:');
    expect(existsSync(join(dataDir, 'server.json'))).toBe(true);
    const token = (await import('node:fs')).readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const set = await fetch(`${first.url}/api/admin/flags/bannerMessage`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': token },
      body: JSON.stringify({ enabled: true, message: 'Kept across restarts' }),
    });
    expect(set.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);

    const second = await startMain({});
    try {
      const flags = await body(await fetch(`${second.url}/api/core/flags?flags=bannerMessage`));
      expect(flags.flags.bannerMessage).toMatchObject({ enabled: true, message: 'Kept across restarts' });
    } finally {
      second.child.kill('SIGINT');
      expect(await exitOf(second.child)).toBe(0);
    }
    // Two starts and two stops of a whole server: 15 s on a quiet machine, over 30 s with both cores busy.
  }, 90_000);
});
