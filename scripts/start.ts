/**
 * npm start: builds the web app when its build is missing or older than its sources, then runs the server
 * with every role on one port (embedded PGlite and demo data unless configured otherwise).
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

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newest))) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
}

await import('../apps/server/src/main.ts');
