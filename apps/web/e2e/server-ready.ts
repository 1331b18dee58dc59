import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { untilInFolder } from '../../server/test/seeded-template.ts';

/** Written into the server's data folder by the global setup once the server answers with its history filled. */
export const SERVER_READY = 'e2e-server.ready';
/** Written there instead when the server could not start: why. */
export const SERVER_FAILURE = 'e2e-server.error';

/**
 * Waits for the server the global setup starts in the background (it first waits for the seeded folder, which a
 * newcomer's first run makes while the unit and component files run), watching its data folder for either mark;
 * throws why it could not start.
 */
export async function serverReady(dataDir: string, timeoutMs = 25 * 60_000): Promise<void> {
  await untilInFolder(
    dataDir,
    () => {
      if (existsSync(join(dataDir, SERVER_READY))) return true;
      const failure = join(dataDir, SERVER_FAILURE);
      if (existsSync(failure)) throw new Error(`the e2e server did not start:\n${readFileSync(failure, 'utf8')}`);
      return undefined;
    },
    timeoutMs,
    () => new Error(`the e2e server was not ready in ${timeoutMs / 60_000} minutes`),
  );
}

/** Waits until the server says its background history fill is complete (GET /api/core/market-history). */
export async function historyComplete(baseUrl: string, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/core/market-history`).catch(() => null);
    const status = res?.ok ? ((await res.json()) as { state: string; percent: number; message: string | null }) : null;
    if (status?.state === 'done' || status?.state === 'none') return;
    if (status?.state === 'failed') throw new Error(`the market history failed: ${status.message}\n${log()}`);
    last = status ? `${status.percent}%` : `HTTP ${res?.status ?? 'unreachable'}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the market history was not complete in ${timeoutMs / 1000} s (last: ${last}):\n${log()}`);
}
