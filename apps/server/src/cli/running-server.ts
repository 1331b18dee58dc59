import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import { serverInfoFile } from '../server.ts';

/**
 * The embedded server running on this data folder, if any (it writes DATA_DIR/server.json while it runs). PGlite
 * serves one process, so a command must not open the folder while that server holds it.
 */
export function runningEmbeddedServer(config: Config): { pid: number; url: string } | null {
  if (config.DATABASE_URL) return null;
  const file = serverInfoFile(config);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
    // Signal 0 only asks whether the process exists; a file left by a crashed server is ignored.
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
