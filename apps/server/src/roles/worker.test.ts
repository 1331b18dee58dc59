import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { ServerModule } from '../kernel/module.ts';
import { lanesOf, WORKER_PARTS } from './worker.ts';

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/tmp/eh-lanes', ...env });
const noop = async () => {};

describe('the worker lanes the parts declare', () => {
  it('runs ingestion, the market history and the reactions in the main lane, with the ingestion schedules, and one lane per kind', () => {
    const lanes = lanesOf(WORKER_PARTS, config());
    expect(lanes.map((lane) => lane.name).sort()).toEqual(['affiliates', 'ai', 'main', 'notifications']);
    const main = lanes.find((lane) => lane.name === 'main');
    expect(Object.keys(main?.handlers ?? {}).sort()).toEqual(['ingest', 'market-history', 'reactions.recompute']);
    expect(main?.schedules.map((s) => s.name)).toContain('demo-roll-forward');
    expect(lanes.find((lane) => lane.name === 'ai')?.schedules).toEqual([]);
  });

  it('has a mail lane only where SMTP delivers', () => {
    const lanes = lanesOf(WORKER_PARTS, config({ SMTP_URL: 'smtp://127.0.0.1:2525' }));
    expect(Object.keys(lanes.find((lane) => lane.name === 'mail')?.handlers ?? {})).toEqual(['send-mail']);
  });

  it('refuses a job name two parts declare', () => {
    const part = (name: string): ServerModule => ({ name, jobs: { lane: 'main', handlers: { refresh: noop } } });
    expect(() => lanesOf([part('one'), part('two')], config())).toThrow(
      'the job refresh is declared twice (again by two)',
    );
  });
});
