/**
 * What `npm start` and `npm test` need built, made when missing or stale: the web app (apps/web/dist) and the
 * embedded database's template (an initialised, migrated PGlite folder the first start copies). Run by npm after
 * `npm install` / `npm ci` (postinstall), so neither waits on the critical path of a first start.
 *
 *   node scripts/prepare.ts            both
 *   node scripts/prepare.ts --web      the web app only (npm test)
 *   --lenient                          a failure warns instead of failing (postinstall: start retries)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/domain/src',
];
const BUILT = 'apps/web/dist/index.html';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Builds the web app when its build is missing or older than its sources; true when it built. */
export function buildWebIfStale(): boolean {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newest))) return false;
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  return true;
}

/** Makes the embedded database's template when missing (about 12 s of CPU, once per install). */
export async function prepareDatabaseTemplate(): Promise<void> {
  const { prepareTemplate, templateDir } = await import('../apps/server/src/seed/pglite-template.ts');
  const started = Date.now();
  if (await prepareTemplate()) {
    console.log(`Embedded database template ready in ${Date.now() - started} ms (${templateDir()})`);
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const lenient = args.includes('--lenient');
  const only: string[] = args.filter((arg) => arg === '--web' || arg === '--db');
  const steps: [string, () => unknown][] = [
    ['--web', buildWebIfStale],
    ['--db', prepareDatabaseTemplate],
  ];
  for (const [flag, step] of steps) {
    if (only.length > 0 && !only.includes(flag)) continue;
    try {
      await step();
    } catch (error) {
      if (!lenient) throw error;
      console.warn(
        `prepare ${flag.slice(2)} failed (npm start tries again):`,
        error instanceof Error ? error.message : error,
      );
    }
  }
}
