import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileAnalysis, files, rowsOf } from '@eh/db';
import { EXTRACTIVE_MODEL, passagesOf, summaryProblems, summaryText } from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/index.ts';
import { LIVE_CHANNEL } from '../../src/kernel/channels.ts';
import { createOpenAiProvider } from '../../src/modules/ai/openai.ts';
import { summariseFile, summarisePending, transcriptOfContent } from '../../src/modules/ai/summaries.ts';
import { readStoredStatements } from '../../src/modules/files/stored-analysis.ts';
import type { FileRecord } from '../../src/providers/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { fakeProvider } from '../fake-provider.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

let server: TestServer;
let free: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;
const db = () => server.ctx.db;
const env = () => ({ db: server.ctx.db, config: server.ctx.config, bus: server.ctx.bus });

beforeAll(async () => {
  server = await startTestServer();
  free = await signedInUser(server, 'free-ai@example.com');
  pro = await signedInUser(server, 'pro-ai@example.com');
  // The user rows are made by the first profile read.
  for (const user of [free, pro]) await server.api('/api/core/users/me', { headers: user.headers });
  await setPlan(db(), pro.sub, 'earningshub_pro');
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};

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

async function analysed(where = sql`true`): Promise<Row[]> {
  return rowsOf<Row>(
    await db().execute(sql`
      select f.id, f.symbol, f.content, md5(f.content::text) as hash, fa.summary, fa.highlights, fa.model, fa.source
      from files f join file_analysis fa on fa.file_id = f.id
      where f.type = 'transcript' and ${where}
      order by f.date desc, f.id`),
  );
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

describe('the analysis calls', () => {
  it('give eventTranscriptsAi the statements with their citations, and others the analyzer state only', async () => {
    const [newest] = await analysed(sql`f.source = 'demo'`);
    if (!newest) throw new Error('no analysed demo transcript');
    const open = await get(`/api/ai/analyzers/files/${newest.id}`, pro.headers);
    expect(open.status).toBe(200);
    expect(open.json).toMatchObject({ status: 'ready', gated: null, analysis: { source: 'extractive' } });
    const analysis = open.json.analysis;
    expect(analysis.summaryStatements.length).toBeGreaterThan(1);
    expect(analysis.keyNumbers[0]).toMatchObject({
      metric: 'revenue',
      label: 'Revenue',
      citations: [{ section: 1, quote: expect.stringContaining(analysis.keyNumbers[0].figure) }],
    });
    expect(Array.isArray(analysis.risks)).toBe(true);
    expect(analysis.highlights.every((item: unknown) => typeof item === 'object')).toBe(true);
    const content = await get(`/api/pricing/files/${newest.id}/file`, pro.headers);
    for (const statement of [...analysis.summaryStatements, ...analysis.keyNumbers]) {
      for (const citation of statement.citations) {
        const text = content.json.content.sections[citation.section].paragraphs[citation.paragraph].text;
        expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
      }
    }

    for (const headers of [free.headers, {}]) {
      expect((await get(`/api/ai/analyzers/files/${newest.id}`, headers)).json).toEqual({
        fileId: newest.id,
        status: 'ready',
        analysis: null,
        gated: { feature: 'aiSummary', hidden: 1 },
      });
      expect((await get(`/api/pricing/files/${newest.id}/analysis`, headers)).json).toMatchObject({
        analysis: null,
        gated: { feature: 'aiSummary', hidden: 1 },
      });
      const latest = await get(`/api/pricing/files/analysis/latest?symbols=${newest.symbol}`, headers);
      expect(latest.json).toMatchObject({ items: [{ file: { id: newest.id }, analysis: null }], gated: { hidden: 1 } });
    }
    const latest = await get(`/api/pricing/files/analysis/latest?symbols=${newest.symbol}`, pro.headers);
    expect(latest.json.items[0].analysis.keyNumbers).toEqual(analysis.keyNumbers);
  });
});

const TRANSCRIPT_ID = 'fake-ai-zqai-2026q2-transcript';
const transcriptFile = (ceo: string): FileRecord => ({
  id: TRANSCRIPT_ID,
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

async function analysisRow() {
  const [row] = await db().select().from(fileAnalysis).where(eq(fileAnalysis.fileId, TRANSCRIPT_ID));
  return row;
}

describe('the summaries worker', () => {
  it('summarises a transcript ingestion stores, announces it on the live channel, and redoes it only when it changes', async () => {
    const announced: unknown[] = [];
    const stop = await server.ctx.bus.subscribe(LIVE_CHANNEL, (message) => announced.push(message));
    try {
      const provider = (ceo: string) =>
        fakeProvider('fake-ai', {
          assets: [[{ symbol: 'ZQAI', type: 'stock', name: 'ZQ AI Holdings', exchange: 'NASDAQ' }]],
          files: [[transcriptFile(ceo)]],
        });
      await ingest(
        db(),
        provider('Thank you. We delivered a record quarter: revenue was $2.05 billion, up 21% from a year ago.'),
      );
      await expect
        .poll(async () => (await analysisRow())?.summary, { timeout: 30_000, interval: 250 })
        .toContain('$2.05 billion');
      const first = await analysisRow();
      expect(first).toMatchObject({ model: EXTRACTIVE_MODEL, source: 'extractive' });
      await expect
        .poll(() => announced.find((m) => (m as { data?: { id?: string } }).data?.id === TRANSCRIPT_ID))
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
      await expect
        .poll(async () => (await analysisRow())?.summary, { timeout: 30_000, interval: 250 })
        .toContain('$2.07 billion');
      const [row] = await analysed(sql`f.id = ${TRANSCRIPT_ID}`);
      if (!row) throw new Error('no analysis');
      expect(readStoredStatements(row.highlights).meta?.transcriptHash).toBe(row.hash);
      expect(problemsOf(row)).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('stores what an OpenAI-compatible endpoint writes, and the extractive summary with the reason when it fails', async () => {
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
      const provider = createOpenAiProvider({
        baseUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`,
        model: 'local-llm-8b',
        timeoutMs: 5000,
      });
      expect(
        passagesOf(
          transcriptOfContent((await db().select().from(files).where(eq(files.id, TRANSCRIPT_ID)))[0]?.content ?? null),
        ).map((p) => p.id),
      ).toEqual([1, 2, 3, 4, 5]);
      expect(await summariseFile(env(), provider, TRANSCRIPT_ID)).toBe('stored');
      const written = (await get(`/api/pricing/files/${TRANSCRIPT_ID}/analysis`, pro.headers)).json.analysis;
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
      expect(await summariseFile(env(), provider, TRANSCRIPT_ID)).toBe('stored');
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
