/**
 * The super-admin tools (decision 0031) on the service tier, what each does once the guard let the caller in: flags
 * and their messages (read by every client, told on the bus), release notes per platform, community moderation,
 * the ingestion status and its kill switch (honoured by the worker), plan changes and the super-admin flag; and
 * the feedback anyone sends.
 */
import { FLAG_NAMES, type ReleaseNoteInput } from '@eh/contracts';
import { communityPosts, featureFlags, feedback, jobs, users } from '@eh/db';
import { canUse, upgradeSuccessState } from '@eh/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../src/jobs/worker.ts';
import { type Channel, FLAGS_CHANNEL, LIVE_CHANNEL } from '../../src/kernel/channels.ts';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import type { JobHandler } from '../../src/kernel/jobs/handler.ts';
import { setIngestionStopped } from '../../src/kernel/jobs/kill-switch.ts';
import { enqueue } from '../../src/kernel/jobs/queue.ts';
import { superAdminOf } from '../../src/modules/admin/queries.ts';
import * as admin from '../../src/modules/admin/service.ts';
import * as community from '../../src/modules/community/service.ts';
import { submitFeedback } from '../../src/modules/feedback/service.ts';
import { devFlagEnabled, getFlags, readFlags, setFlag } from '../../src/modules/flags/service.ts';
import { setPlan } from '../../src/modules/plans/service.ts';
import { getReleaseNotes } from '../../src/modules/release-notes/service.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { addFarCallEvent } from '../market-fixtures.ts';
import { eachDatabase, silentLog } from './context.ts';

const NOTE: ReleaseNoteInput = {
  platform: 'native',
  version: '9.9.0',
  date: '2026-11-25',
  title: 'Admin test note',
  items: ['One change.'],
};
const EPOCH = new Date(0).toISOString();

eachDatabase((service) => {
  const ctx = () => service().ctx;
  let member: Caller;
  let other: Caller;
  let eventId: number;
  let otherEventId: number;

  /** Everything published on `channel` while `work` runs, once `until` holds of it. */
  async function told<T>(channel: Channel, work: () => Promise<T>, until: (heard: unknown[]) => boolean) {
    const heard: unknown[] = [];
    const stop = await ctx().bus.subscribe(channel, (message) => {
      heard.push(message);
    });
    try {
      const result = await work();
      await expect.poll(() => until(heard)).toBe(true);
      return { result, heard };
    } finally {
      await stop();
    }
  }

  beforeAll(async () => {
    [member, other] = await Promise.all([
      service().user({ email: 'member.admin@example.com' }),
      service().user({ email: 'other.admin@example.com' }),
    ]);
    eventId = await addFarCallEvent(ctx().db, 'ZQAD', 'ZQ Admin main call');
    otherEventId = await addFarCallEvent(ctx().db, 'ZQAD', 'ZQ Admin other call');
  });

  describe('flags and messages', () => {
    it('lists every SPEC flag as stored, unset ones off', async () => {
      const stored = new Map(
        (
          await ctx()
            .db.select()
            .from(featureFlags)
            .where(inArray(featureFlags.name, [...FLAG_NAMES]))
        ).map((row) => [
          row.name,
          { enabled: row.enabled, message: row.message, updatedAt: row.updatedAt.toISOString() },
        ]),
      );
      expect((await admin.flags(ctx())).flags).toEqual(
        FLAG_NAMES.map((name) => ({
          name,
          ...(stored.get(name) ?? { enabled: false, message: null, updatedAt: EPOCH }),
        })),
      );
    });

    it('sets the maintenance flags of web and mobile apart, with their messages, and tells every node', async () => {
      const { result: on, heard } = await told(
        FLAGS_CHANNEL,
        () => setFlag(ctx(), { name: 'ehMaintenanceModeMobile', enabled: true, message: 'Back at noon' }),
        (messages) => messages.length > 0,
      );
      expect(on).toMatchObject({ name: 'ehMaintenanceModeMobile', enabled: true, message: 'Back at noon' });
      expect(heard).toEqual([{ name: 'ehMaintenanceModeMobile' }]);
      const mobile = await getFlags(ctx(), { app: 'earningshub', platform: 'mobile' });
      expect(mobile).toMatchObject({ app: 'earningshub', platform: 'mobile' });
      expect(mobile.flags.ehMaintenanceModeMobile).toMatchObject({ enabled: true, message: 'Back at noon' });
      expect(mobile.flags.ehMaintenanceModeWeb).toMatchObject({ enabled: false });
      expect(Object.keys(mobile.flags)).toEqual([...FLAG_NAMES]);
      const asked = await getFlags(ctx(), { app: 'earningshub', platform: 'web', flags: ['ehMaintenanceModeMobile'] });
      expect(Object.keys(asked.flags)).toEqual(['ehMaintenanceModeMobile']);
      expect((await admin.flags(ctx())).flags.find((flag) => flag.name === 'ehMaintenanceModeMobile')).toEqual(on);

      // Omitting the message keeps it; null clears it.
      expect(await setFlag(ctx(), { name: 'ehMaintenanceModeMobile', enabled: false })).toMatchObject({
        enabled: false,
        message: 'Back at noon',
      });
      expect(await setFlag(ctx(), { name: 'ehMaintenanceModeMobile', enabled: false, message: null })).toMatchObject({
        message: null,
      });
      expect((await readFlags(ctx(), ['ehMaintenanceModeMobile'])).ehMaintenanceModeMobile).toMatchObject({
        enabled: false,
        message: null,
      });
    });

    it('reads the dev flag', async () => {
      expect(await devFlagEnabled(ctx())).toBe(false);
      await setFlag(ctx(), { name: 'dev', enabled: true });
      expect(await devFlagEnabled(ctx())).toBe(true);
      await setFlag(ctx(), { name: 'dev', enabled: false });
      expect(await devFlagEnabled(ctx())).toBe(false);
    });
  });

  describe('release notes', () => {
    it('publishes, rewrites and removes a note of one platform, which the public list then shows or not', async () => {
      const created = await admin.addReleaseNote(ctx(), {
        ...NOTE,
        version: '10.0.0',
        date: '2030-01-02',
        title: 'Native only',
      });
      const { id } = created;
      expect(created).toEqual({
        id,
        platform: 'native',
        version: '10.0.0',
        date: '2030-01-02',
        title: 'Native only',
        items: ['One change.'],
      });
      const native = await getReleaseNotes(ctx(), { platform: 'native', limit: 20 });
      expect(native.notes[0]).toEqual(created);
      expect((await getReleaseNotes(ctx(), { platform: 'native', limit: 1 })).notes).toEqual([created]);
      const web = await getReleaseNotes(ctx(), { platform: 'web', limit: 20 });
      expect(web.notes.map((n) => n.id)).not.toContain(id);
      expect((await admin.releaseNotes(ctx(), 'native')).notes[0]).toEqual(created);

      const edited = await admin.editReleaseNote(ctx(), id, {
        ...NOTE,
        platform: 'web',
        version: '10.0.1',
        date: '2030-01-03',
        title: 'Now for the web',
        items: ['First', 'Second'],
      });
      expect(edited).toMatchObject({ id, platform: 'web', items: ['First', 'Second'] });
      expect((await admin.releaseNotes(ctx(), 'web')).notes[0]).toMatchObject({ id });
      expect((await getReleaseNotes(ctx(), { platform: 'native', limit: 20 })).notes.map((n) => n.id)).not.toContain(
        id,
      );

      expect(await admin.removeReleaseNote(ctx(), id)).toEqual({ id, deleted: true });
      const unknown = { statusCode: 404, message: `Unknown release note: ${id}` };
      await expect(admin.removeReleaseNote(ctx(), id)).rejects.toMatchObject(unknown);
      await expect(admin.editReleaseNote(ctx(), id, NOTE)).rejects.toMatchObject(unknown);
      expect((await admin.releaseNotes(ctx(), 'web')).notes.map((n) => n.id)).not.toContain(id);
    });

    it('lists a platform newest first, the later id first on the same day', async () => {
      const older = await admin.addReleaseNote(ctx(), { ...NOTE, platform: 'web', date: '2040-01-01' });
      const sameDay = await admin.addReleaseNote(ctx(), { ...NOTE, platform: 'web', date: '2040-01-02' });
      const newest = await admin.addReleaseNote(ctx(), { ...NOTE, platform: 'web', date: '2040-01-02' });
      const ids = (await getReleaseNotes(ctx(), { platform: 'web', limit: 3 })).notes.map((n) => n.id);
      expect(ids).toEqual([newest.id, sameDay.id, older.id]);
    });
  });

  describe('community moderation', () => {
    it("lists the newest posts across events and deletes anyone's, as an admin, for every follower", async () => {
      const first = await community.create(ctx(), member, { eventId, content: 'Margins look strong.' });
      const second = await community.create(ctx(), other, { eventId: otherEventId, content: 'Guidance was light.' });
      const { posts } = await admin.recentPosts(ctx(), 10);
      const ids = posts.map((p) => p.id);
      expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
      expect(posts.find((p) => p.id === first.id)).toEqual({
        id: first.id,
        eventId,
        eventTitle: 'ZQ Admin main call',
        symbol: 'ZQAD',
        userId: member.sub,
        userEmail: 'member.admin@example.com',
        userName: null,
        content: 'Margins look strong.',
        createdAt: first.createdAt,
        editedAt: null,
      });
      expect((await admin.recentPosts(ctx(), 1)).posts.map((p) => p.id)).toEqual([second.id]);

      const { result: removed } = await told(
        LIVE_CHANNEL,
        () => admin.removePost(ctx(), first.id),
        (heard) =>
          heard.some(
            (m) =>
              (m as { action?: string; data?: { id?: string } }).action === 'deleted' &&
              (m as { data?: { id?: string } }).data?.id === first.id,
          ),
      );
      expect(removed).toEqual({ id: first.id, eventId, deleted: true });
      const [row] = await ctx().db.select().from(communityPosts).where(eq(communityPosts.id, first.id));
      expect(row?.deletedBy).toBe('admin');
      const publicList = await community.list(ctx(), undefined, { eventId, limit: 100 });
      expect(publicList.posts.map((p) => p.id)).not.toContain(first.id);
      expect((await admin.recentPosts(ctx(), 10)).posts.map((p) => p.id)).not.toContain(first.id);
      await expect(admin.removePost(ctx(), first.id)).rejects.toMatchObject({
        statusCode: 404,
        message: `Unknown post: ${first.id}`,
      });
    });
  });

  describe('ingestion', () => {
    it('says what ran, what waits and what failed, per provider', async () => {
      await ctx().db.delete(jobs);
      await enqueue(ctx().db, { name: 'ingest', payload: { provider: 'yahoo' } });
      const [failed] = await ctx()
        .db.insert(jobs)
        .values({ name: 'ingest', payload: { provider: 'sec' }, status: 'failed', attempts: 5, lastError: 'HTTP 503' })
        .returning({ id: jobs.id });
      const status = await admin.ingestion(ctx());
      expect(status.providers.map((p) => p.name)).toEqual(Object.keys(PROVIDERS));
      expect(status.providers.map((p) => p.name)).toEqual(expect.arrayContaining(['demo', 'sec', 'yahoo']));
      // The seed ran the demo provider: its datasets' last runs are there.
      expect(status.providers.find((p) => p.name === 'demo')).toMatchObject({
        scheduled: ctx().config.SEED_DEMO,
        stopped: false,
        message: null,
        lastRunAt: expect.any(String),
      });
      const demoRuns = status.lastRuns.filter((r) => r.provider === 'demo');
      expect(demoRuns.length).toBeGreaterThan(0);
      // One run per provider and dataset, the newest.
      expect(new Set(status.lastRuns.map((r) => `${r.provider}/${r.dataset}`)).size).toBe(status.lastRuns.length);
      expect(status.providers.find((p) => p.name === 'demo')?.lastRunAt).toBe(
        demoRuns
          .map((r) => r.startedAt)
          .sort()
          .at(-1),
      );
      expect(status.queue).toEqual({ queued: 1, running: 0, failed: 1, done: 0 });
      expect(status.errors).toEqual([
        expect.objectContaining({ jobId: failed?.id, provider: 'sec', status: 'failed', lastError: 'HTTP 503' }),
      ]);
      await ctx().db.delete(jobs);
    });

    it('pauses and resumes a provider or all of them, and the worker runs no paused ingestion job', async () => {
      await ctx().db.delete(jobs);
      const ran: string[] = [];
      const ingest: JobHandler = async ({ job }) => {
        ran.push(String(job.payload.provider));
      };
      const worker = createWorker(ctx(), silentLog, { handlers: { ingest }, schedules: [] });
      await enqueue(ctx().db, { name: 'ingest', payload: { provider: 'yahoo' } });

      expect(
        await admin.setIngestionSwitch(ctx(), { scope: 'yahoo', stopped: true, message: 'vendor sends garbage' }),
      ).toMatchObject({
        scope: 'yahoo',
        stopped: true,
        message: 'vendor sends garbage',
        updatedAt: expect.any(String),
      });
      let status = await admin.ingestion(ctx());
      expect(status.providers.find((p) => p.name === 'yahoo')).toMatchObject({
        stopped: true,
        message: 'vendor sends garbage',
      });
      expect(status.providers.find((p) => p.name === 'sec')?.stopped).toBe(false);
      expect(status.switches.filter((s) => s.stopped)).toEqual([
        expect.objectContaining({ scope: 'yahoo', stopped: true, message: 'vendor sends garbage' }),
      ]);
      expect(await worker.tick()).toBe(false);
      expect(ran).toEqual([]);

      // All paused: still nothing, even once yahoo's own switch is off; every provider says the global reason.
      await admin.setIngestionSwitch(ctx(), { scope: 'all', stopped: true, message: 'maintenance' });
      // Switching off forgets the reason given.
      expect(
        await admin.setIngestionSwitch(ctx(), { scope: 'yahoo', stopped: false, message: 'ignored' }),
      ).toMatchObject({ scope: 'yahoo', stopped: false, message: null });
      status = await admin.ingestion(ctx());
      expect(status.providers.every((p) => p.stopped && p.message === 'maintenance')).toBe(true);
      expect(await worker.tick()).toBe(false);
      expect(ran).toEqual([]);

      expect(await admin.setIngestionSwitch(ctx(), { scope: 'all', stopped: false })).toMatchObject({
        scope: 'all',
        stopped: false,
        message: null,
      });
      expect(await worker.tick()).toBe(true);
      expect(ran).toEqual(['yahoo']);
      await setIngestionStopped(ctx().db, 'all', false);
    });

    it('refuses a scope that is neither all nor a provider, naming the field', async () => {
      await expect(admin.setIngestionSwitch(ctx(), { scope: 'nosuchvendor', stopped: true })).rejects.toMatchObject({
        statusCode: 400,
        message: `scope: must be 'all' or one of ${Object.keys(PROVIDERS).join(', ')}`,
      });
      expect((await admin.ingestion(ctx())).switches.map((s) => s.scope)).not.toContain('nosuchvendor');
    });
  });

  describe('users', () => {
    it("changes a user's plan by their email in any case: a paid plan as an upgrade, free clearing it", async () => {
      const now = new Date('2026-11-25T12:00:00Z');
      const [before] = await ctx().db.select().from(users).where(eq(users.id, other.sub));
      if (!before) throw new Error('no account row');
      const expected = upgradeSuccessState('earningshub_pro', before.price, before.priceType, now);
      expect(await setPlan(ctx(), 'OTHER.admin@example.com', 'earningshub_pro', now)).toEqual({
        id: other.sub,
        email: 'other.admin@example.com',
        plan: 'earningshub_pro',
        subscriptionType: expected.subscriptionType,
        status: expected.status,
        nextChargeDate: expected.nextChargeDate,
      });
      const [paid] = await ctx().db.select().from(users).where(eq(users.id, other.sub));
      expect(paid).toMatchObject({
        plan: 'earningshub_pro',
        subscriptionType: 'paid',
        subscriptionStatus: 'active',
        nextChargeDate: new Date(expected.nextChargeDate),
        updatedAt: now,
      });
      expect(canUse(await featuresOf(ctx(), other), 'aiSummary')).toBe(true);

      expect(await setPlan(ctx(), 'other.admin@example.com', 'free', now)).toEqual({
        id: other.sub,
        email: 'other.admin@example.com',
        plan: 'free',
        subscriptionType: 'free',
        status: 'active',
        nextChargeDate: null,
      });
      expect(canUse(await featuresOf(ctx(), other), 'aiSummary')).toBe(false);
      await expect(setPlan(ctx(), 'nobody.admin@example.com', 'earningshub_pro')).rejects.toMatchObject({
        statusCode: 404,
        message: 'No user with email nobody.admin@example.com (they must have signed in once)',
      });
    });

    it('makes an account a super admin and back, read on every call', async () => {
      expect(await superAdminOf(ctx().db, member.sub)).toEqual({
        superAdmin: false,
        email: 'member.admin@example.com',
      });
      await community.setSuperAdmin(ctx(), { email: 'member.admin@example.com', superAdmin: true });
      expect((await superAdminOf(ctx().db, member.sub))?.superAdmin).toBe(true);
      await community.setSuperAdmin(ctx(), { email: 'member.admin@example.com', superAdmin: false });
      expect((await superAdminOf(ctx().db, member.sub))?.superAdmin).toBe(false);
      expect(await superAdminOf(ctx().db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    });
  });

  describe('feedback', () => {
    it('keeps what anyone sends with the browser that sent it, cut to 512 characters', async () => {
      const browser = `Mozilla/5.0 ${'x'.repeat(600)}`;
      const sent = await submitFeedback(
        ctx(),
        { category: 'idea', message: 'A dark calendar, please.', email: 'fan@example.com', page: '/calendar' },
        browser,
      );
      expect(sent).toEqual({ id: expect.any(Number), createdAt: expect.any(String) });
      const bare = await submitFeedback(ctx(), { category: 'bug', message: 'The chart is blank.' }, undefined);
      const rows = await ctx().db.select().from(feedback);
      expect(rows.find((row) => row.id === sent.id)).toMatchObject({
        category: 'idea',
        message: 'A dark calendar, please.',
        email: 'fan@example.com',
        page: '/calendar',
        userAgent: browser.slice(0, 512),
        createdAt: new Date(sent.createdAt),
      });
      expect(rows.find((row) => row.id === bare.id)).toMatchObject({
        category: 'bug',
        email: null,
        page: null,
        userAgent: null,
      });
    });
  });
});
