import type { Config } from '../config.ts';
import { ingestModule } from '../ingest/module.ts';
import { createWorker } from '../jobs/worker.ts';
import type { JobHandler } from '../kernel/jobs/handler.ts';
import type { Schedule } from '../kernel/jobs/schedule.ts';
import type { LaneName, ServerModule } from '../kernel/module.ts';
import type { Role } from '../kernel/role.ts';
import { mailModule } from '../mail/smtp.ts';
import { MODULES } from '../modules/index.ts';

/** Every part with work in the background: ingestion and mail beside the modules. */
export const WORKER_PARTS: readonly ServerModule[] = [ingestModule, mailModule, ...MODULES];

export interface Lane {
  name: LaneName;
  handlers: Record<string, JobHandler>;
  schedules: Schedule[];
  pollMs?: number;
}

const runs = (part: ServerModule, config: Config) => part.works?.(config) !== false;

/**
 * The lanes the parts declare, each with its parts' handlers and schedules. A part this server does not run (mail
 * without SMTP) adds nothing; a job name declared twice is a mistake caught at start.
 */
export function lanesOf(parts: readonly ServerModule[], config: Config): Lane[] {
  const lanes = new Map<LaneName, Lane>();
  for (const part of parts) {
    if (!part.jobs || !runs(part, config)) continue;
    const lane = lanes.get(part.jobs.lane) ?? { name: part.jobs.lane, handlers: {}, schedules: [] };
    for (const [job, handler] of Object.entries(part.jobs.handlers)) {
      if (lane.handlers[job]) throw new Error(`the job ${job} is declared twice (again by ${part.name})`);
      lane.handlers[job] = handler;
    }
    lane.schedules.push(...(part.schedules ?? []));
    if (part.jobs.pollMs !== undefined) lane.pollMs = part.jobs.pollMs;
    lanes.set(lane.name, lane);
  }
  return [...lanes.values()];
}

/**
 * The worker role: one job loop per lane the parts declare (jobs on the Postgres queue) and every part's loops.
 * They start once the app is ready and stop before the database closes.
 */
export const workerRole: Role = {
  name: 'worker',
  async register(app) {
    const { ctx } = app;
    const log = app.log.child({ role: 'worker' });
    const workers = lanesOf(WORKER_PARTS, ctx.config).map((lane) =>
      createWorker(ctx, lane.name === 'main' ? log : log.child({ lane: lane.name }), {
        handlers: lane.handlers,
        schedules: lane.schedules,
        ...(lane.pollMs !== undefined ? { pollMs: lane.pollMs } : {}),
      }),
    );
    const stops: (() => void | Promise<void>)[] = [];
    app.addHook('onReady', async () => {
      for (const worker of workers) worker.start();
      for (const part of WORKER_PARTS.filter((p) => runs(p, ctx.config))) {
        for (const loop of part.loops ?? []) stops.push(loop(ctx, log.child({ part: part.name })));
      }
    });
    // preClose runs before every onClose hook, so the database is still open while the running job lets go.
    app.addHook('preClose', async () => {
      await Promise.all(stops.splice(0).map((stop) => stop()));
      await Promise.all(workers.map((worker) => worker.stop()));
    });
  },
};
