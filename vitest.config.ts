import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import Sequencer from './apps/web/e2e/sequencer.ts';

// Every Node process the tests start (the server, its CLIs, the workers they kill) inherits this and reuses the
// code compiled by the ones before it: ingest-cli.test.ts 43-48 → 34-35 CPU-s, a server start 5.1 → 3.3-4.7 CPU-s.
// Node keys the cache by each file's contents, so an edited file is compiled afresh.
process.env.NODE_COMPILE_CACHE ??= new URL('node_modules/.cache/node-compile-cache', import.meta.url).pathname;

/** The e2e and screens projects: Chromium against one server the global setup starts. */
const BROWSER = {
  environment: 'node' as const,
  globalSetup: ['apps/web/e2e/global-setup.ts'],
  // Three files at a time: the whole project took 710 s two at a time and 578 s three at a time on this
  // 2-core machine; four at a time kept the CPU 91 % busy and made the run longer. Files that change
  // shared state take a lock (e2e/locks.ts: the demo accounts, the dev flag; the maintenance flags run alone).
  setupFiles: ['apps/web/e2e/setup.ts'],
  // Files share their worker's process, as the unit and integration files do: Playwright's client and our helpers
  // load once a worker instead of once a file (the project took 451 busy CPU-s instead of 507, 262 s instead of 277,
  // back to back on this machine). The helpers keep no state between files but the lock holder (support.ts).
  isolate: false,
  maxWorkers: 3,
  // After unit and integration: the browsers get the machine's two cores to themselves.
  sequence: { groupOrder: 1 },
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll gives up after 1 s by default: a page still loading on a busy machine takes longer (a CI run
  // lost auth-mfa's profile check to it at load average 13).
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    // Orders the integration and e2e files (longest first, the one that runs alone last); unit keeps Vitest's order.
    sequence: { sequencer: Sequencer },
    // Vitest's default (one less than the cores) is a single worker on a 2-core machine. The files wait on their
    // servers, databases and child processes part of the time, so a third worker fills both cores: the projects before
    // e2e took 227 s at 96 % busy with three, 282 s at 84 % with two, back to back on this machine (four: 220 s, 99 %).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Files share their worker's process, each with our modules afresh (vitest.unit-setup.ts): the project took
          // 36 CPU-s instead of 82, 29 s instead of 81, back to back on this machine.
          isolate: false,
          setupFiles: ['vitest.unit-setup.ts'],
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          // React components in a DOM of Node's (happy-dom), driven through what a person sees and does.
          name: 'component',
          environment: 'happy-dom',
          // The page's own address: a port nothing listens on, so a request made after a file's stand-in closed (a
          // refetch still in flight) is refused here and never reaches a server running on the machine.
          environmentOptions: { happyDOM: { url: 'http://127.0.0.1:9/' } },
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/component-setup.ts'],
          // Files share their worker's process: React, MUI and the other packages load once, and each file gets our
          // modules afresh and an emptied page (component-setup.ts): 132 CPU-s instead of 259, back to back.
          isolate: false,
          // A bound, not a speed check: a busy screen (the calendar board's popovers) takes seconds in happy-dom when
          // the other suites share both cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // Services and queries on a real database, without HTTP (apps/server/test/service/context.ts): PGlite, and
          // PostgreSQL beside it when TEST_DATABASE_URL is set.
          name: 'service',
          environment: 'node',
          include: ['apps/server/test/service/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/templates-ready.ts'],
          // As the integration project: the files open their own databases and keep no state in modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/templates-ready.ts'],
          // Files share their worker's modules: each file starts its own servers on its own database copy and keeps no
          // state in modules, and importing the server afresh for every file was a fifth of the suite's time
          // (203 s to 134 s on PGlite, run back to back on the same machine).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'e2e', include: ['apps/web/e2e/**/*.test.ts'], ...BROWSER } },
      // Pages shown at both widths in both themes for people to look at: `npm run screenshots`, never CI.
      // After the e2e files (each project starts its own server and lock service).
      {
        test: {
          name: 'screens',
          include: ['apps/web/e2e/**/*.screens.ts'],
          ...BROWSER,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'real',
          environment: 'node',
          include: ['apps/server/test/real/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
