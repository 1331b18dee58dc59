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
