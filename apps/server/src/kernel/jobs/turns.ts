import type { FastifyBaseLogger } from 'fastify';

/** A job that takes a turn every so often in this process, never two at once. */
export interface Turns {
  start(): void;
  /** Stops taking turns and waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * Runs `turn` `everyMs` after the previous one ended (a slow turn delays the next instead of overlapping it); a failed
 * turn is logged with `failure` and the next one still comes. The timer does not keep the process alive.
 */
export function turnsEvery(
  everyMs: number,
  turn: () => Promise<unknown>,
  log: FastifyBaseLogger,
  failure: string,
): Turns {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = turn()
        .catch((err: unknown) => log.warn({ err }, failure))
        .finally(() => {
          running = null;
          schedule();
        });
    }, everyMs);
    timer.unref();
  }

  return {
    start() {
      if (timer || stopped) return;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
