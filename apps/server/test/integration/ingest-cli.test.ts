import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../env.ts';
import { copyPgliteTemplate, createTestDatabase, startTestServer } from '../harness.ts';

const CLI = new URL('../../src/cli/ingest.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'eh-ingest-cli-'));
const recordings = mkdtempSync(join(tmpdir(), 'eh-ingest-rec-'));
// The CLI's database: a copy of the seeded template, like the server's.
let database: { url: string; drop(): Promise<void> } | undefined;
beforeAll(async () => {
  if (TEST_DATABASE_URL) database = await createTestDatabase();
  else await copyPgliteTemplate(dataDir);
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(recordings, { recursive: true, force: true });
});

// SEC's ticker list as EDGAR publishes it (fields + rows), with tickers no real company uses.
mkdirSync(join(recordings, 'sec'), { recursive: true });
writeFileSync(
  join(recordings, 'sec', 'company_tickers_exchange.json'),
  JSON.stringify({
    fields: ['cik', 'name', 'ticker', 'exchange'],
    data: [
      [9_990_001, 'Zq Cli One Inc.', 'ZQCA', 'Nasdaq'],
      [9_990_002, 'Zq Cli Two Corp', 'ZQCB', 'NYSE'],
    ],
  }),
);

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

// Each test starts the CLI up to five times, and each start opens the database: 6–12 s a start while the unit
// suite shares the machine's two cores (one test here outgrew the suite's 30 s).
describe('npm run ingest', { timeout: 120_000 }, () => {
  it('rejects an unknown provider or dataset with exit code 1 and a clear message', async () => {
    const provider = await runCli(['no-such-vendor']);
    expect(provider.code).toBe(1);
    expect(provider.stderr).toContain("Unknown provider 'no-such-vendor'");
    expect(provider.stderr).toContain('Usage:');
    const dataset = await runCli(['sec', '--datasets', 'assets,prices']);
    expect(dataset.code).toBe(1);
    expect(dataset.stderr).toContain("Unknown dataset 'prices'");
    const date = await runCli(['sec', '--from', '2026-13-01']);
    expect(date.code).toBe(1);
    expect(date.stderr).toContain('--from must be a date YYYY-MM-DD');
  });

  it('ingests recorded responses, prints the summary, and skips everything the second time', async () => {
    const args = ['sec', '--from-file', join(recordings, 'sec'), '--datasets', 'assets'];
    const first = await runCli(args);
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/dataset\s+status\s+records\s+added\s+changed\s+skipped\s+errors\s+time/);
    expect(first.stdout).toMatch(/assets\s+succeeded\s+2\s+2\s+0\s+0\s+0\s+[\d.]+ s/);
    // Not a terminal: one progress line per dataset on stderr, no redrawing.
    expect(first.stderr).toMatch(/1\/1 assets\s+2 records/);
    expect(first.stderr).not.toContain('\r');
    const second = await runCli(args);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/assets\s+succeeded\s+2\s+0\s+0\s+2\s+0/);
  });

  it('limits a run to --symbols (any case)', async () => {
    const result = await runCli([
      'sec',
      '--from-file',
      join(recordings, 'sec'),
      '--datasets',
      'assets',
      '--symbols',
      'zqcb',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/assets\s+succeeded\s+1\s+0\s+0\s+1\s+0/);
  });

  it('exits with 2 when the run finished with errors', async () => {
    // A submissions recording cut short: the vendor's answer cannot be read.
    mkdirSync(join(recordings, 'broken'), { recursive: true });
    writeFileSync(join(recordings, 'broken', 'CIK0009990001.json'), '{ not json');
    const result = await runCli(['sec', '--from-file', join(recordings, 'broken'), '--datasets', 'filings']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/filings\s+failed/);
  });

  it('stops and resumes a provider with the kill switch, and shows it in the status', async () => {
    expect((await runCli(['stop', 'sec', '--message', 'bad data'])).code).toBe(0);
    expect((await runCli(['status'])).stdout).toContain('Stopped: sec ("bad data")');
    expect((await runCli(['resume', 'sec'])).code).toBe(0);
    expect((await runCli(['status'])).stdout).toContain('no kill switch on');
    const unknown = await runCli(['stop', 'no-such-vendor']);
    expect(unknown.code).toBe(1);
  });

  it('refuses to open the embedded database a running server holds; PostgreSQL has no such limit', async () => {
    const server = await startTestServer({ ROLES: 'api' });
    try {
      const result = await runCli(['status'], {
        DATA_DIR: server.config.DATA_DIR,
        ...(server.config.DATABASE_URL ? { DATABASE_URL: server.config.DATABASE_URL } : {}),
      });
      if (server.config.DATABASE_URL) {
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('Ingestion:');
      } else {
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`The embedded server (pid ${process.pid}, ${server.url}) holds`);
        expect(result.stderr).toContain('Stop it');
      }
    } finally {
      await server.close();
    }
  });
});
