import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOidcStandIn } from '../../server/test/oidc-stand-in.ts';
import { copySeededTemplate } from '../../server/test/seeded-template.ts';
import { startLockService } from './locks.ts';
import { historyComplete, SERVER_FAILURE, SERVER_READY } from './server-ready.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, started as `npm start` would, on a fresh embedded database. */
    baseUrl: string;
    dataDir: string;
    /** People who sign in with "Google" (a local OpenID provider stands in for Google), by their login there. */
    googleAccounts: { newcomer: string; demoFree: string; googleOnly: { login: string; email: string } };
    /** The lock service the files running in parallel share (locks.ts). */
    lockUrl: string;
  }
}

/**
 * A newcomer, the owner of the free demo account (same verified email: linked at the first Google sign-in), and
 * someone who only ever signs in with Google.
 */
const GOOGLE_ACCOUNTS = [
  { sub: 'google-e2e-0001', email: 'e2e.google@example.com', emailVerified: true, name: 'Eve Tester' },
  { sub: 'google-e2e-0002', email: 'free@demo.earningshub.dev', emailVerified: true, name: 'Free Demo' },
  // Signs in only with Google, then tries the email form (sign-up.screens.ts).
  { sub: 'google-e2e-0003', email: 'only.google@example.com', emailVerified: true, name: 'Gail Only' },
];

const ROOT = new URL('../../../', import.meta.url).pathname;

/** The App Store products the iOS app sees in the price list (decision 0034; native-purchase.test.ts names them). */
const E2E_APPLE_PRODUCTS = {
  proMonthly: 'dev.earningshub.e2e.pro.monthly',
  proYearly: 'dev.earningshub.e2e.pro.yearly',
} as const;

/** App Store configuration (decision 0022) with a self-signed root made here: the server needs one with the products. */
function appStoreEnv(dir: string): Record<string, string> {
  const root = join(dir, 'apple-root-e2e.pem');
  const key = join(dir, 'apple-root-e2e.key');
  const subject = '/CN=EarningsHub e2e App Store root';
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', subject];
  execFileSync('openssl', [...args, '-days', '30', '-keyout', key, '-out', root], { stdio: 'ignore' });
  return {
    APPLE_ROOT_CERTS: root,
    APPLE_BUNDLE_ID: 'dev.earningshub.e2e',
    APPLE_APP_APPLE_ID: '1234567890',
    APPLE_PRODUCT_IDS: `${E2E_APPLE_PRODUCTS.proMonthly}=earningshub_pro:monthly,${E2E_APPLE_PRODUCTS.proYearly}=earningshub_pro:yearly`,
  };
}

/**
 * A port for the server that starts minutes after it is chosen: below Linux's ephemeral range (32768 on), where the
 * servers and clients the other suites open on port 0 never land meanwhile.
 */
async function reservedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}

/**
 * Starts `node apps/server/src/main.ts` on a free port, as `npm start` would, with Google sign-in federated to a local
 * OpenID provider (never the real Google). Its data folder is a copy of the seeded one the integration suite uses
 * (seeded-template.ts): the demo market with its history filled, as a first start leaves it once the worker is done.
 * The first start itself (serving before the history, filling it in the background) is the integration suite's
 * (market-history.test.ts, lifecycle.test.ts); here the whole market is what the pages are tested on. It is started in
 * the background while this returns (see below).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-'));
  const port = await reservedPort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const google = await startOidcStandIn({
    redirectUris: [`${publicUrl}/idp/oauth2/idpresponse`],
    accounts: GOOGLE_ACCOUNTS,
  });
  const locks = await startLockService();
  const failure = join(dataDir, SERVER_FAILURE);
  project.provide('lockUrl', locks.url);
  project.provide('baseUrl', publicUrl);
  project.provide('dataDir', dataDir);
  project.provide('googleAccounts', {
    newcomer: 'google-e2e-0001',
    demoFree: 'google-e2e-0002',
    googleOnly: { login: 'google-e2e-0003', email: 'only.google@example.com' },
  });
  // Started while this returns: the server waits for the seeded folder, which the other suites' files need no part
  // of; each e2e file waits for the server (setup.ts).
  let child: ChildProcess | undefined;
  const started = (async () => {
    await copySeededTemplate(dataDir);
    child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        HOST: '127.0.0.1',
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_ISSUER: google.issuer,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        // Every browser of the suite signs in from 127.0.0.1: the per-address identity throttle would refuse them.
        IDP_RATE_LIMIT_MAX: '100000',
        // The iOS app's App Store products (native-purchase.test.ts): Pro only, so Plus shows it can't be bought
        // there. The root is a throwaway one: no notification is delivered by the e2e; the web keeps card checkout.
        ...appStoreEnv(dataDir),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = child;
    let output = '';
    /** Seconds the first start may take: several agents' suites on one small machine slow it many times over. */
    const SERVER_START_S = 420;
    /** Seconds the background history fill may take after that (about a minute and a half on an idle machine). */
    const HISTORY_S = 900;
    await new Promise<void>((resolve, reject) => {
      // A first start seeds what the first pages need (seconds), then the worker fills the history in the background.
      const timer = setTimeout(
        () => reject(new Error(`server did not start in ${SERVER_START_S} s:\n${output}`)),
        SERVER_START_S * 1000,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/is running at http:\/\/localhost:\d+/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
      server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    // Filled in the copy already; a start whose history were incomplete would resume it in the background: wait.
    await historyComplete(publicUrl, HISTORY_S * 1000, () => output);
    writeFileSync(join(dataDir, SERVER_READY), '');
  })();
  started.catch((error: unknown) =>
    writeFileSync(failure, error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
  return async () => {
    await started.catch(() => {});
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await google.close();
    await locks.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
