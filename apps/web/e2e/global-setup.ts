import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, started as `npm start` would, on a fresh embedded database. */
    baseUrl: string;
    dataDir: string;
  }
}

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Starts `node apps/server/src/main.ts` on a free port with an empty data folder (the newcomer's first start). */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/is running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
