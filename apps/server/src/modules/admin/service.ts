/**
 * The super-admin tools (docs/decisions/0031): flags and messages, release notes per platform, community
 * moderation and the ingestion status with its kill switch. The guard (guard.ts) has let the caller in already.
 */
import {
  FLAG_NAMES,
  type FlagName,
  type FlagValue,
  INGESTION_ALL,
  type IngestionStatus,
  type ReleaseNote,
  type ReleaseNoteInput,
  type ReleaseNotePlatform,
} from '@eh/contracts';
import { SCHEDULES } from '../../ingest/schedules.ts';
import type { AppContext } from '../../kernel/context.ts';
import { badField, notFound } from '../../kernel/http/errors.ts';
import { listSwitches, setIngestionStopped } from '../../kernel/jobs/kill-switch.ts';
import { PROVIDERS } from '../../providers/index.ts';
import { removeAsModerator } from '../community/index.ts';
import { readFlags } from '../flags/index.ts';
import * as q from './queries.ts';

const ERRORS_SHOWN = 20;

// ---- flags ------------------------------------------------------------------------------------------------------

export async function flags(ctx: AppContext): Promise<{ flags: (FlagValue & { name: FlagName })[] }> {
  const values = await readFlags(ctx, FLAG_NAMES);
  return {
    flags: FLAG_NAMES.map((name) => ({
      name,
      ...(values[name] ?? { enabled: false, message: null, updatedAt: new Date(0).toISOString() }),
    })),
  };
}

// ---- release notes ----------------------------------------------------------------------------------------------

export async function releaseNotes(ctx: AppContext, platform: ReleaseNotePlatform): Promise<{ notes: ReleaseNote[] }> {
  return { notes: await q.releaseNotesOf(ctx.db, { platform }) };
}

export async function addReleaseNote(ctx: AppContext, note: ReleaseNoteInput): Promise<ReleaseNote> {
  const row = await q.insertReleaseNote(ctx.db, note);
  if (!row) throw new Error('The release note was not stored');
  return row;
}

export async function editReleaseNote(ctx: AppContext, id: number, note: ReleaseNoteInput): Promise<ReleaseNote> {
  const row = await q.updateReleaseNote(ctx.db, id, note);
  if (!row) throw notFound(`Unknown release note: ${id}`);
  return row;
}

export async function removeReleaseNote(ctx: AppContext, id: number) {
  if (!(await q.deleteReleaseNote(ctx.db, id))) throw notFound(`Unknown release note: ${id}`);
  return { id, deleted: true as const };
}

// ---- community --------------------------------------------------------------------------------------------------

export async function recentPosts(ctx: AppContext, limit: number) {
  const rows = await q.recentPosts(ctx.db, { limit });
  return {
    posts: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
    })),
  };
}

export const removePost = (ctx: AppContext, id: string) => removeAsModerator(ctx, id);

// ---- ingestion --------------------------------------------------------------------------------------------------

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function ingestion(ctx: AppContext): Promise<IngestionStatus> {
  const [switches, runs, counts, errors] = await Promise.all([
    listSwitches(ctx.db),
    q.lastRuns(ctx.db),
    q.queueCounts(ctx.db),
    q.jobErrors(ctx.db, { limit: ERRORS_SHOWN }),
  ]);
  const on = new Map(switches.filter((s) => s.stopped).map((s) => [s.scope, s.message]));
  const everything = on.has(INGESTION_ALL);
  const lastRunOf = (name: string) =>
    runs
      .filter((run) => run.provider === name)
      .map((run) => run.startedAt)
      .sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const count = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
  return {
    providers: Object.keys(PROVIDERS).map((name) => ({
      name,
      scheduled: SCHEDULES.some((schedule) => schedule.provider === name && schedule.enabled(ctx.config)),
      stopped: everything || on.has(name),
      message: (everything ? on.get(INGESTION_ALL) : on.get(name)) ?? null,
      lastRunAt: iso(lastRunOf(name)),
    })),
    switches: switches.map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })),
    lastRuns: runs.map((run) => ({
      provider: run.provider,
      dataset: run.dataset,
      status: run.status,
      added: run.added,
      changed: run.changed,
      skipped: run.skipped,
      errors: run.errors,
      message: run.message,
      startedAt: run.startedAt.toISOString(),
      finishedAt: iso(run.finishedAt),
    })),
    queue: { queued: count('queued'), running: count('running'), failed: count('failed'), done: count('done') },
    errors: errors.map((job) => ({
      jobId: job.id,
      name: job.name,
      provider: typeof job.payload.provider === 'string' ? job.payload.provider : null,
      status: job.status,
      attempts: job.attempts,
      lastError: job.lastError ?? '',
      at: (job.finishedAt ?? job.runAt).toISOString(),
    })),
  };
}

export async function setIngestionSwitch(
  ctx: AppContext,
  body: { scope: string; stopped: boolean; message?: string | null | undefined },
) {
  if (body.scope !== INGESTION_ALL && !Object.hasOwn(PROVIDERS, body.scope)) {
    throw badField('scope', `must be '${INGESTION_ALL}' or one of ${Object.keys(PROVIDERS).join(', ')}`);
  }
  const message = body.stopped ? (body.message ?? null) : null;
  await setIngestionStopped(ctx.db, body.scope, body.stopped, message);
  const state = (await listSwitches(ctx.db)).find((s) => s.scope === body.scope);
  return {
    scope: body.scope,
    stopped: state?.stopped ?? body.stopped,
    message: state?.message ?? message,
    updatedAt: iso(state?.updatedAt ?? null),
  };
}
