/**
 * Transcript summaries (decision 0024) on the service tier: the demo market as the worker leaves it, every
 * transcript summarised from its own content with every citation holding; the analysis shown to plans with the AI
 * summary and its state only to others; the AI lane's job summarising what ingestion stores, telling the bus, and
 * redoing a transcript only when it changes; runs capped with the rest left for a follow-up; and what an
 * OpenAI-compatible endpoint (a stand-in on this machine: the vendor is outside our walls) writes, or the extractive
 * summary with the reason when it fails.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileAnalysis, files, jobs, rowsOf } from '@eh/db';
import { type AccountFeatures, EXTRACTIVE_MODEL, passagesOf, summaryProblems, summaryText } from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/index.ts';
import { SUMMARIES_JOB } from '../../src/ingest/summaries-job.ts';
import { createWorker } from '../../src/jobs/worker.ts';
import { LIVE_CHANNEL } from '../../src/kernel/channels.ts';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import { createOpenAiProvider } from '../../src/modules/ai/openai.ts';
import { extractiveProvider } from '../../src/modules/ai/provider.ts';
import {
  AI_JOB_HANDLERS,
  type SummaryEnv,
  summariseFile,
  summarisePending,
  transcriptOfContent,
} from '../../src/modules/ai/summaries.ts';
import * as filesService from '../../src/modules/files/service.ts';
import { readStoredStatements } from '../../src/modules/files/stored-analysis.ts';
import type { FileRecord } from '../../src/providers/index.ts';
import { fakeProvider } from '../fake-provider.ts';
import { eachDatabase, silentLog } from './context.ts';

interface Row {
  id: string;
  symbol: string;
  content: Record<string, unknown>;
  hash: string;
  summary: string;
  highlights: unknown[];
  model: string;
  source: string;
}

/** The stored analysis's statements, checked against the stored transcript. */
function problemsOf(row: Row): string[] {
  const stored = readStoredStatements(row.highlights);
  return summaryProblems(transcriptOfContent(row.content), {
    summary: stored.summaryStatements,
    keyNumbers: stored.keyNumbers,
    highlights: stored.highlights.filter((item) => typeof item !== 'string'),
    risks: stored.risks,
    sentiment: null,
  });
}

const TRANSCRIPT_ID = 'fake-ai-zqai-2026q2-transcript';
const transcriptFile = (ceo: string, id = TRANSCRIPT_ID): FileRecord => ({
  id,
  symbol: 'ZQAI',
  type: 'stock',
  fileType: 'transcript',
  periodYear: 2026,
  period: 'Q2',
  title: 'ZQAI Q2 2026 earnings call transcript',
  date: new Date('2026-07-28T21:00:00Z'),
  content: {
    sections: [
      {
        title: 'Prepared Remarks',
        paragraphs: [
          { speaker: 'Chief Executive Officer', role: 'ZQ AI Holdings', text: ceo },
          {
            speaker: 'Chief Financial Officer',
            role: 'ZQ AI Holdings',
            text: 'Earnings per share were $1.12, against consensus of $1.05. For Q3 fiscal 2026, we expect revenue between $2.10 billion and $2.20 billion. Supply chain constraints remain a headwind.',
          },
        ],
      },
    ],
  },
});
const provider = (ceo: string, id = TRANSCRIPT_ID) =>
  fakeProvider('fake-ai', {
    assets: [[{ symbol: 'ZQAI', type: 'stock', name: 'ZQ AI Holdings', exchange: 'NASDAQ' }]],
    files: [[transcriptFile(ceo, id)]],
  });

eachDatabase((service) => {
  const db = () => service().ctx.db;
  const env = (): SummaryEnv => ({ db: db(), config: service().ctx.config, bus: service().ctx.bus });
  let anonymous: AccountFeatures;
  let free: AccountFeatures;
  let pro: AccountFeatures;

  beforeAll(async () => {
    anonymous = await featuresOf(service().ctx, undefined);
    free = await featuresOf(service().ctx, await service().user());
    pro = await featuresOf(service().ctx, await service().user({ plan: 'earningshub_pro' }));
  });

  async function analysed(where = sql`true`): Promise<Row[]> {
    return rowsOf<Row>(
      await db().execute(sql`
        select f.id, f.symbol, f.content, md5(f.content::text) as hash, fa.summary, fa.highlights, fa.model, fa.source
        from files f join file_analysis fa on fa.file_id = f.id
        where f.type = 'transcript' and ${where}
        order by f.date desc, f.id`),
    );
  }
  async function analysisRow(id = TRANSCRIPT_ID) {
    const [row] = await db().select().from(fileAnalysis).where(eq(fileAnalysis.fileId, id));
    return row;
  }
  /** The AI lane's worker, one turn: true when it ran a queued summaries job. */
  const aiLaneTurn = () => createWorker(service().ctx, silentLog, { handlers: AI_JOB_HANDLERS, schedules: [] }).tick();

  describe('the demo market as the worker leaves it', () => {
    it('has every transcript summarised from its own content, every citation holding', async () => {
      const [{ transcripts } = { transcripts: 0 }] = rowsOf<{ transcripts: number }>(
        await db().execute(sql`select count(*)::int as transcripts from files where type = 'transcript'`),
      );
      const rows = await analysed(sql`f.source = 'demo'`);
      expect(transcripts).toBeGreaterThan(100);
      expect(rows.length).toBe(transcripts);
      for (const row of rows) {
        const stored = readStoredStatements(row.highlights);
        expect(problemsOf(row), row.id).toEqual([]);
        expect(stored.meta, row.id).toEqual({ transcriptHash: row.hash, fallback: null });
        expect(row, row.id).toMatchObject({ model: EXTRACTIVE_MODEL, source: 'extractive' });
        expect(row.summary).toBe(summaryText(stored.summaryStatements));
        expect(stored.keyNumbers.map((k) => k.metric)).toEqual(expect.arrayContaining(['revenue', 'eps']));
      }
      // Nothing left to do: the backfill is done and does not redo a summarised transcript.
      expect(await summarisePending(env())).toEqual({ stored: 0, more: false });
    });
  });

  describe('the analysis', () => {
    it('gives plans with the AI summary the statements with their citations, and others the analyzer state only', async () => {
      const [newest] = await analysed(sql`f.source = 'demo'`);
      if (!newest) throw new Error('no analysed demo transcript');
      const open = await filesService.analyzerFile(service().ctx, pro, newest.id);
      expect(open).toMatchObject({ status: 'ready', gated: null, analysis: { source: 'extractive' } });
      const analysis = open.analysis;
      if (!analysis) throw new Error('no analysis for a pro caller');
      expect(analysis.summaryStatements.length).toBeGreaterThan(1);
      expect(analysis.keyNumbers[0]).toMatchObject({
        metric: 'revenue',
        label: 'Revenue',
        citations: [{ section: 1, quote: expect.stringContaining(analysis.keyNumbers[0]?.figure ?? '') }],
      });
      expect(Array.isArray(analysis.risks)).toBe(true);
      expect(analysis.highlights.every((item: unknown) => typeof item === 'object')).toBe(true);
      const content = await filesService.fileContent(service().ctx, pro, newest.id);
      for (const statement of [...analysis.summaryStatements, ...analysis.keyNumbers]) {
        for (const citation of statement.citations) {
          const text = content.content?.sections[citation.section]?.paragraphs[citation.paragraph]?.text ?? '';
          expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
        }
      }

      for (const features of [free, anonymous]) {
        expect(await filesService.analyzerFile(service().ctx, features, newest.id)).toEqual({
          fileId: newest.id,
          status: 'ready',
          analysis: null,
          gated: { feature: 'aiSummary', hidden: 1 },
        });
        expect(await filesService.fileAnalysis(service().ctx, features, newest.id)).toMatchObject({
          analysis: null,
          gated: { feature: 'aiSummary', hidden: 1 },
        });
        expect(await filesService.latestAnalyses(service().ctx, features, [newest.symbol])).toMatchObject({
          items: [{ file: { id: newest.id }, analysis: null }],
          gated: { hidden: 1 },
        });
      }
      const latest = await filesService.latestAnalyses(service().ctx, pro, [newest.symbol]);
      expect(latest.items[0]?.analysis?.keyNumbers).toEqual(analysis.keyNumbers);
    });
  });

  describe('the summaries job', () => {
    it('summarises a transcript ingestion stores, tells the bus, and redoes it only when it changes', async () => {
      const announced: { type?: string; data?: { id?: string } }[] = [];
      const stop = await service().ctx.bus.subscribe(LIVE_CHANNEL, (message) => {
        announced.push(message as (typeof announced)[number]);
      });
      try {
        await ingest(
          db(),
          provider('Thank you. We delivered a record quarter: revenue was $2.05 billion, up 21% from a year ago.'),
        );
        // Storing the file queued the job; the AI lane runs it.
        expect(await aiLaneTurn()).toBe(true);
        const first = await analysisRow();
        expect(first?.summary).toContain('$2.05 billion');
        expect(first).toMatchObject({ model: EXTRACTIVE_MODEL, source: 'extractive' });
        await expect
          .poll(() => announced.find((m) => m.data?.id === TRANSCRIPT_ID))
          .toMatchObject({
            type: 'marketDataAssetFile',
            data: { id: TRANSCRIPT_ID, type: 'transcript', hasAnalysis: true },
          });

        // The same content again: nothing to redo.
        await ingest(
          db(),
          provider('Thank you. We delivered a record quarter: revenue was $2.05 billion, up 21% from a year ago.'),
        );
        expect(await summarisePending(env())).toEqual({ stored: 0, more: false });
        expect((await analysisRow())?.createdAt).toEqual(first?.createdAt);

        // A corrected transcript is summarised again.
        await ingest(
          db(),
          provider('Thank you. We delivered a record quarter: revenue was $2.07 billion, up 22% from a year ago.'),
        );
        expect(await aiLaneTurn()).toBe(true);
        expect((await analysisRow())?.summary).toContain('$2.07 billion');
        const [row] = await analysed(sql`f.id = ${TRANSCRIPT_ID}`);
        if (!row) throw new Error('no analysis');
        expect(readStoredStatements(row.highlights).meta?.transcriptHash).toBe(row.hash);
        expect(problemsOf(row)).toEqual([]);
      } finally {
        await stop();
      }
    });

    it('stops a run at its cap with the rest left for the next, and finds nothing to summarise in a file it does not have', async () => {
      await db().delete(jobs).where(eq(jobs.name, SUMMARIES_JOB));
      const ids = ['fake-ai-zqai-2026q2-cap-a', 'fake-ai-zqai-2026q2-cap-b'];
      for (const id of ids) await ingest(db(), provider(`Thank you. Revenue was $1.5 billion (${id}).`, id));
      expect(await summarisePending(env(), { max: 1, provider: extractiveProvider })).toEqual({
        stored: 1,
        more: true,
      });
      expect(await summarisePending(env(), { max: 1, provider: extractiveProvider })).toEqual({
        stored: 1,
        more: false,
      });
      for (const id of ids) {
        const [row] = await analysed(sql`f.id = ${id}`);
        expect(row && readStoredStatements(row.highlights).meta?.transcriptHash, id).toBe(row?.hash);
      }
      expect(await summariseFile(env(), extractiveProvider, 'no-such-file')).toBe('missing');
    });
  });

  describe('an OpenAI-compatible endpoint', () => {
    it('stores what it writes, and the extractive summary with the reason when it fails', async () => {
      let status = 200;
      const standIn: Server = createServer((req, res: ServerResponse) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          if (status !== 200) {
            res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
            return;
          }
          // Passages: 1 'Thank you.', 2 revenue, 3 EPS, 4 outlook, 5 headwind.
          const content = JSON.stringify({
            summary: [
              { text: 'Revenue reached a record $2.07 billion.', passages: [2] },
              { text: 'Margins doubled.', passages: [12] },
            ],
            keyNumbers: [{ metric: 'eps', label: 'EPS', figure: '$1.12', text: 'EPS of $1.12.', passages: [3] }],
            risks: [{ text: 'Supply chain constraints weigh.', passages: [5] }],
            sentiment: 0.5,
          });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1_760_000_000,
              model: 'local-llm-8b',
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            }),
          );
        });
      });
      await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
      try {
        await ingest(
          db(),
          provider('Thank you. We delivered a record quarter: revenue was $2.07 billion, up 22% from a year ago.'),
        );
        const openAi = createOpenAiProvider({
          baseUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`,
          model: 'local-llm-8b',
          timeoutMs: 5000,
        });
        expect(
          passagesOf(
            transcriptOfContent(
              (await db().select().from(files).where(eq(files.id, TRANSCRIPT_ID)))[0]?.content ?? null,
            ),
          ).map((p) => p.id),
        ).toEqual([1, 2, 3, 4, 5]);
        expect(await summariseFile(env(), openAi, TRANSCRIPT_ID)).toBe('stored');
        // The uncited statement is left out.
        const written = (await filesService.fileAnalysis(service().ctx, pro, TRANSCRIPT_ID)).analysis;
        expect(written).toMatchObject({
          model: 'local-llm-8b',
          source: 'openai',
          summary: 'Revenue reached a record $2.07 billion.',
          keyNumbers: [
            { figure: '$1.12', citations: [{ quote: 'Earnings per share were $1.12, against consensus of $1.05.' }] },
          ],
          risks: [{ citations: [{ quote: 'Supply chain constraints remain a headwind.' }] }],
          sentiment: 0.5,
        });

        status = 500;
        expect(await summariseFile(env(), openAi, TRANSCRIPT_ID)).toBe('stored');
        const fallen = await analysisRow();
        expect(fallen).toMatchObject({ model: EXTRACTIVE_MODEL, source: 'extractive' });
        expect(readStoredStatements(fallen?.highlights ?? []).meta?.fallback).toEqual({
          from: 'openai:local-llm-8b',
          reason: 'HTTP 500: {"error":{"message":"overloaded","type":"server_error"}}',
        });
      } finally {
        await new Promise<void>((resolve) => standIn.close(() => resolve()));
      }
    });
  });
});
