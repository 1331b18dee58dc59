/**
 * Runs before every unit file. The project's files share their worker's process (it does not isolate them): the
 * packages they import (zod, drizzle, Fastify's parts) are loaded once, which was half the project's time. Our own
 * modules are evaluated afresh for each file, so what one keeps at module level (the web's one live socket, caches)
 * is never what the next file finds.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
