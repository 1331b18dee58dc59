/**
 * Runs before every e2e file: waits for the server (started in the background by the global setup), then holds the
 * app lock shared, so a file that must run alone waits (locks.ts).
 */
import { inject } from 'vitest';
import { serverReady } from './server-ready.ts';
import { holdDuringFile } from './support.ts';

await serverReady(inject('dataDir'));
holdDuringFile('app', 'shared');
