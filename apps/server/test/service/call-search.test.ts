/**
 * Search inside calls on the service tier: transcripts stored as files are cut into passages, searched with the
 * query language (ranking per call, snippets, mentions, filters, cursor paging, a named company first), mention
 * trends per quarter, and keyword alerts (once per saved search and call, never for a non-match nor on re-ingest;
 * a live call's words too). The rows are this file's own ('ZQS…' companies, words no demo transcript says).
 */

import { deliveries, events, files, jobs, liveTranscriptSegments, notificationEvents } from '@eh/db';
import { CALL_SEARCH_PAGE_SIZE, PLUS_PLAN } from '@eh/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexTranscriptsForIngest, KEYWORD_ALERTS_JOB } from '../../src/ingest/call-passages.ts';
import { HttpError } from '../../src/kernel/http/errors.ts';
import { indexSpokenSegments, indexStoredTranscripts } from '../../src/modules/call-search/index.ts';
import { runKeywordAlertsJob } from '../../src/modules/call-search/jobs.ts';
import * as service from '../../src/modules/call-search/service.ts';
import { insertAsset } from '../integration/earnings-seed.ts';
import { eachDatabase, silentLog } from './context.ts';

type Para = { speaker: string; role: string | null; text: string };
const exec = (speaker: string, text: string): Para => ({ speaker, role: 'Zorb Corp', text });
const analyst = (text: string): Para => ({ speaker: 'Jane Roe', role: 'Analyst at Example Securities', text });

function content(prepared: Para[], qa: Para[]) {
  return {
    sections: [
      { title: 'Operator', paragraphs: [{ speaker: 'Operator', role: null, text: 'Welcome to the call.' }] },
      { title: 'Prepared Remarks', paragraphs: prepared },
      { title: 'Q&A', paragraphs: qa },
    ],
  };
}

const search = (ctx: Parameters<typeof service.search>[0], q: string, extra: Record<string, unknown> = {}) =>
  service.search(ctx, { q, sort: 'relevance', ...extra } as Parameters<typeof service.search>[1], undefined);

eachDatabase((service_) => {
  const ctx = () => service_().ctx;
  const db = () => service_().ctx.db;
  const ids: Record<string, number> = {};

  async function store(id: string, symbol: string, date: string, period: 'Q1' | 'Q2' | 'Q3' | 'Q4', body: object) {
    await db()
      .insert(files)
      .values({
        id,
        assetId: ids[symbol] as number,
        symbol,
        type: 'transcript',
        periodYear: Number(date.slice(0, 4)),
        period,
        title: `${symbol} ${period} call`,
        date: new Date(date),
        content: body as Record<string, unknown>,
        source: 'test',
      })
      .onConflictDoUpdate({ target: files.id, set: { content: body as Record<string, unknown> } });
  }

  beforeAll(async () => {
    ids.ZQSA = await insertAsset(db(), {
      symbol: 'ZQSA',
      name: 'Zorbicon Industries',
      sector: 'Industrials',
      marketCap: 5e10,
    });
    ids.ZQSB = await insertAsset(db(), {
      symbol: 'ZQSB',
      name: 'Quixel Foods',
      sector: 'Consumer Staples',
      marketCap: 2e9,
    });
    ids.ZQSC = await insertAsset(db(), { symbol: 'ZQSC', name: 'Plumbus Energy', sector: 'Energy', marketCap: 2e11 });
    await store(
      'zqs-a-1',
      'ZQSA',
      '2089-02-10T21:00:00Z',
      'Q4',
      content(
        [
          exec(
            'Chief Executive Officer',
            'Zorblax demand was strong. We raised zorblax guidance twice. Zorblax is our future.',
          ),
          exec('Chief Financial Officer', 'Margins held. We expect zorblax to keep growing in every region.'),
        ],
        [analyst('Could you talk about zorblax pricing?'), exec('Chief Executive Officer', 'Zorblax pricing is firm.')],
      ),
    );
    await store(
      'zqs-b-1',
      'ZQSB',
      '2089-05-12T13:00:00Z',
      'Q1',
      content(
        [
          exec(
            'Chief Executive Officer',
            'We had to cut guidance for the year. The guidance cut reflects weak quixbar volumes.',
          ),
        ],
        [analyst('Is zorblax a factor for you?'), exec('Chief Financial Officer', 'Not really, quixbar is.')],
      ),
    );
    await store(
      'zqs-c-1',
      'ZQSC',
      '2089-05-20T13:00:00Z',
      'Q1',
      content(
        [exec('Chief Executive Officer', 'Plumbium output grew. Guidance was not cut; we are cutting costs instead.')],
        [analyst('What about plumbium duties?'), exec('Chief Executive Officer', 'Duties on plumbium are manageable.')],
      ),
    );
    await indexStoredTranscripts(db());
  });

  it('cuts each stored transcript into passages once, leaving an unchanged one alone when stored again', async () => {
    await store(
      'zqs-c-1',
      'ZQSC',
      '2089-05-20T13:00:00Z',
      'Q1',
      (await db().select().from(files).where(eq(files.id, 'zqs-c-1')))[0]?.content as object,
    );
    expect((await indexStoredTranscripts(db())).calls).toEqual([]);
  });

  it('ranks the call that talks most about a word first, stemming it, with the mentions and highlighted snippets', async () => {
    const result = await search(ctx(), 'Zorblax');
    expect(result.query).toBe('zorblax');
    expect(result.total).toBe(2);
    expect(result.calls.map((call) => [call.symbol, call.mentions])).toEqual([
      ['ZQSA', 4],
      ['ZQSB', 1],
    ]);
    const [first] = result.calls;
    expect(first?.fileId).toBe('zqs-a-1');
    expect(first?.snippets).toHaveLength(3);
    expect(first?.snippets[0]?.parts.filter((part) => part.hit).map((part) => part.text.toLowerCase())).toContain(
      'zorblax',
    );
    const pricing = (await search(ctx(), 'zorblax pricing')).calls[0]?.snippets.map((s) => [s.role, s.part, s.speaker]);
    expect(pricing).toEqual([
      ['executive', 'qa', 'Chief Executive Officer'],
      ['analyst', 'qa', 'Jane Roe'],
    ]);
  });

  it('reads phrases, exclusions and OR', async () => {
    // The demo market's calls say "guidance cut" too: this file's companies only.
    const own = { symbols: ['ZQSA', 'ZQSB', 'ZQSC'] };
    const symbols = async (q: string) => (await search(ctx(), q, own)).calls.map((call) => call.symbol).sort();
    expect(await symbols('"guidance cut"')).toEqual(['ZQSB']);
    expect(await symbols('guidance cut')).toEqual(['ZQSB', 'ZQSC']);
    expect(await symbols('guidance cut -plumbium')).toEqual(['ZQSB']);
    expect(await symbols('quixbar OR plumbium')).toEqual(['ZQSB', 'ZQSC']);
    expect(await symbols('dutie')).toEqual(['ZQSC']);
  });

  it('filters by symbol, sector, market cap group, section, speaker role and dates', async () => {
    const symbols = async (extra: Record<string, unknown>, q = 'zorblax OR plumbium OR quixbar') =>
      (await search(ctx(), q, extra)).calls.map((call) => call.symbol).sort();
    expect(await symbols({ symbols: ['zqsb'] })).toEqual(['ZQSB']);
    expect(await symbols({ sector: 'Energy' })).toEqual(['ZQSC']);
    expect(await symbols({ cap: 'ten_billion' })).toEqual(['ZQSA', 'ZQSC']);
    expect(await symbols({ section: 'prepared' }, 'zorblax')).toEqual(['ZQSA']);
    expect(await symbols({ role: 'analyst' })).toEqual(['ZQSA', 'ZQSB', 'ZQSC']);
    expect(await symbols({ role: 'analyst' }, 'quixbar')).toEqual([]);
    expect(await symbols({ from: '2089-05-01', to: '2089-05-15' })).toEqual(['ZQSB']);
    expect(await symbols({ periodYear: 2089, period: 'Q4' })).toEqual(['ZQSA']);
  });

  it('puts a company named by its symbol first, without looking for the symbol in the text', async () => {
    const result = await search(ctx(), 'ZQSB zorblax');
    expect(result.query).toBe('zorblax');
    expect(result.calls.map((call) => [call.symbol, call.named])).toEqual([
      ['ZQSB', true],
      ['ZQSA', false],
    ]);
  });

  it('sorts by date, newest first', async () => {
    const result = await search(ctx(), 'zorblax OR plumbium', { sort: 'date' });
    expect(result.calls.map((call) => call.symbol)).toEqual(['ZQSC', 'ZQSB', 'ZQSA']);
  });

  it('pages by cursor, and refuses a cursor of another search', async () => {
    // Enough calls for two pages: one more than a page, each saying the word once.
    for (let i = 0; i <= CALL_SEARCH_PAGE_SIZE; i += 1)
      await store(
        `zqs-page-${i}`,
        'ZQSA',
        `2088-01-${String(1 + i).padStart(2, '0')}T13:00:00Z`,
        'Q1',
        content([exec('Chief Executive Officer', `Flumox update number ${i}.`)], []),
      );
    await indexStoredTranscripts(db());
    const first = await search(ctx(), 'flumox', { sort: 'date' });
    expect(first.total).toBe(CALL_SEARCH_PAGE_SIZE + 1);
    expect(first.calls).toHaveLength(CALL_SEARCH_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await search(ctx(), 'flumox', { sort: 'date', cursor: first.nextCursor });
    expect(second.calls.map((call) => call.callId)).toEqual(['zqs-page-0']);
    expect(second.nextCursor).toBeNull();
    const byRelevance = await search(ctx(), 'flumox');
    const rest = await search(ctx(), 'flumox', { cursor: byRelevance.nextCursor });
    expect(new Set([...byRelevance.calls, ...rest.calls].map((call) => call.callId)).size).toBe(
      CALL_SEARCH_PAGE_SIZE + 1,
    );
    await expect(search(ctx(), 'zorblax', { sort: 'date', cursor: first.nextCursor })).rejects.toMatchObject({
      statusCode: 400,
      message: 'cursor: belongs to another search (its query, filters or sort differ)',
    });
    await expect(search(ctx(), 'flumox', { cursor: 'not-a-cursor' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers bad queries with a 400 naming the problem, and a query of stop words with nothing', async () => {
    for (const q of [
      '"zorblax',
      '-',
      'a\u0000b',
      'x \ud800',
      Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '),
    ]) {
      const error = await search(ctx(), q).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toMatch(/^q: /);
    }
    expect(await search(ctx(), 'the of and')).toEqual({ query: null, total: 0, calls: [], nextCursor: null });
    expect((await search(ctx(), "zorblax'); drop table files; --")).calls).toEqual([]);
  });

  it('counts mentions per quarter and the companies that mention a word most this season', async () => {
    const result = await service.trends(
      ctx(),
      { q: 'zorblax OR plumbium' },
      undefined,
      new Date('2089-06-01T00:00:00Z'),
    );
    expect(result.quarters).toEqual([
      { periodYear: 2089, period: 'Q1', mentions: 4, calls: 2 },
      { periodYear: 2089, period: 'Q4', mentions: 4, calls: 1 },
    ]);
    // The season is the days before now: ZQSA's February call is older. Each company's trend counts its own
    // mentions in the same quarters as the whole market's.
    expect(result.companies).toEqual([
      { symbol: 'ZQSC', name: 'Plumbus Energy', mentions: 3, quarters: [3, 0] },
      { symbol: 'ZQSB', name: 'Quixel Foods', mentions: 1, quarters: [1, 0] },
    ]);
  });

  describe('keyword alerts', () => {
    const alertsFor = (userId: string) =>
      db()
        .select({ title: notificationEvents.title, body: notificationEvents.body, path: notificationEvents.path })
        .from(notificationEvents)
        .where(and(eq(notificationEvents.kind, 'keywordMention'), eq(notificationEvents.userId, userId)));

    it('is a paid feature', async () => {
      const free = await service_().user();
      const { featuresOf } = await import('../../src/kernel/entitlements.ts');
      await expect(
        service.saveSearch(ctx(), free, { query: 'gloopium', filters: {} }, await featuresOf(ctx(), free)),
      ).rejects.toMatchObject({ statusCode: 403, details: { feature: 'keywordAlerts' } });
    });

    it('alerts once when a matching transcript lands, not for a non-match, not again on re-ingest', async () => {
      const plus = await service_().user({ plan: PLUS_PLAN });
      const { featuresOf } = await import('../../src/kernel/entitlements.ts');
      const saved = await service.saveSearch(
        ctx(),
        plus,
        { query: 'gloopium', filters: {} },
        await featuresOf(ctx(), plus),
      );
      expect((await service.savedSearches(ctx(), plus)).searches.map((s) => s.query)).toEqual(['gloopium']);

      await store(
        'zqs-alert-miss',
        'ZQSB',
        '2089-08-01T13:00:00Z',
        'Q2',
        content([exec('Chief Executive Officer', 'Nothing of note.')], []),
      );
      expect((await indexStoredTranscripts(db())).alerts).toEqual([]);

      const said = content([exec('Chief Executive Officer', 'Gloopium shipments doubled this quarter.')], []);
      await store('zqs-alert-hit', 'ZQSB', '2089-08-02T13:00:00Z', 'Q2', said);
      expect((await indexStoredTranscripts(db())).alerts).toEqual([
        { savedSearchId: saved.id, userId: plus.sub, callId: 'zqs-alert-hit' },
      ]);
      // Stored again with a correction: indexed anew, never alerted twice.
      await store(
        'zqs-alert-hit',
        'ZQSB',
        '2089-08-02T13:00:00Z',
        'Q2',
        content([exec('Chief Executive Officer', 'Gloopium shipments tripled this quarter.')], []),
      );
      const again = await indexStoredTranscripts(db());
      expect(again.calls).toEqual(['zqs-alert-hit']);
      expect(again.alerts).toEqual([]);

      const sent = await alertsFor(plus.sub);
      expect(sent).toEqual([
        {
          title: '“gloopium” in the ZQSB Q2 2089 call',
          // The snippet as ts_headline cuts it: words, without the closing stop.
          body: 'Chief Executive Officer: “Gloopium shipments doubled this quarter”',
          path: '/transcripts/zqs-alert-hit?passage=1.0.0.40',
        },
      ]);
      const queued = await db()
        .select({ channel: deliveries.channel })
        .from(deliveries)
        .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
        .where(eq(notificationEvents.userId, plus.sub));
      expect(queued.map((row) => row.channel)).toContain('email');
    });

    it('alerts through the job ingestion queues for the transcripts it stored', async () => {
      const plus = await service_().user({ plan: PLUS_PLAN });
      const { featuresOf } = await import('../../src/kernel/entitlements.ts');
      await service.saveSearch(ctx(), plus, { query: 'wuzzlite', filters: {} }, await featuresOf(ctx(), plus));
      await store(
        'zqs-job-hit',
        'ZQSA',
        '2089-10-02T13:00:00Z',
        'Q3',
        content([exec('Chief Executive Officer', 'Wuzzlite is new.')], []),
      );
      expect(await indexTranscriptsForIngest(db())).toEqual(['zqs-job-hit']);
      const [queued] = await db()
        .select({ id: jobs.id, name: jobs.name, payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.name, KEYWORD_ALERTS_JOB))
        .orderBy(desc(jobs.id))
        .limit(1);
      expect(queued?.payload).toEqual({ callIds: ['zqs-job-hit'] });
      await runKeywordAlertsJob({
        ctx: ctx(),
        job: queued as never,
        signal: new AbortController().signal,
        log: silentLog,
      });
      expect((await alertsFor(plus.sub)).map((row) => row.path)).toEqual(['/transcripts/zqs-job-hit?passage=1.0.0.16']);
    });

    it('alerts when a live call speaks the word, once', async () => {
      const plus = await service_().user({ plan: PLUS_PLAN });
      const { featuresOf } = await import('../../src/kernel/entitlements.ts');
      await service.saveSearch(ctx(), plus, { query: 'snarfium', filters: {} }, await featuresOf(ctx(), plus));
      const [event] = await db()
        .insert(events)
        .values({
          eventType: 'call',
          eventStatus: 'live',
          eventDate: new Date('2089-09-01T13:00:00Z'),
          assetId: ids.ZQSC,
          symbol: 'ZQSC',
          title: 'ZQSC Q3 2089 call',
          periodYear: 2089,
          period: 'Q3',
          externalId: 'zqs-live-1',
          source: 'test',
        })
        .returning({ id: events.id });
      const eventId = event?.id as number;
      const segment = (seq: number, text: string) => ({
        eventId,
        seq,
        speaker: 'Chief Executive Officer',
        role: 'Plumbus Energy',
        section: 'Prepared Remarks',
        turn: 0,
        text,
        spokenAt: new Date('2089-09-01T13:05:00Z'),
      });
      await db()
        .insert(liveTranscriptSegments)
        .values([segment(0, 'Good morning.')]);
      expect((await indexSpokenSegments(db(), eventId)).alerts).toEqual([]);
      await db()
        .insert(liveTranscriptSegments)
        .values([segment(1, 'Snarfium orders are up.'), segment(2, 'More snarfium soon.')]);
      const spoken = await indexSpokenSegments(db(), eventId);
      expect(spoken.alerts.map((alert) => alert.callId)).toEqual([`live:${eventId}`]);
      await db()
        .insert(liveTranscriptSegments)
        .values([segment(3, 'Snarfium, again.')]);
      expect((await indexSpokenSegments(db(), eventId)).alerts).toEqual([]);
      expect((await alertsFor(plus.sub)).map((row) => row.path)).toEqual([`/ZQSC/events/${eventId}`]);
      const live = await search(ctx(), 'snarfium');
      expect(live.calls.map((call) => [call.callId, call.live, call.mentions])).toEqual([[`live:${eventId}`, true, 3]]);
      await db()
        .delete(events)
        .where(inArray(events.id, [eventId]));
    });
  });
});
