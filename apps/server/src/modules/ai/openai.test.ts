import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTRACTIVE_MODEL, passagesOf, type SummaryTranscript, summaryProblems } from '@eh/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkAnswer, createOpenAiProvider, PROMPT_PASSAGE_CHARS, promptOf } from './openai.ts';
import type { SummaryRequest } from './provider.ts';

const TRANSCRIPT: SummaryTranscript = {
  sections: [
    {
      title: 'Prepared Remarks',
      paragraphs: [
        {
          speaker: 'Chief Executive Officer',
          role: 'Example Corp',
          text: 'Thank you. Revenue was $12.4 billion, up 18% from a year ago. Demand accelerated in every region.',
        },
        {
          speaker: 'Chief Financial Officer',
          role: 'Example Corp',
          text: 'Earnings per share were $2.31. For Q3 fiscal 2026, we expect revenue between $12.5 billion and $12.9 billion. Tariffs remain a headwind.',
        },
      ],
    },
  ],
};
const REQUEST: SummaryRequest = {
  fileId: 'demo-EXC-2026-Q2-transcript',
  symbol: 'EXC',
  title: 'Example Corp Q2 2026 earnings call transcript',
  transcript: TRANSCRIPT,
};
// Passages: 1 'Thank you.' 2 revenue 3 demand 4 EPS 5 outlook 6 tariffs.

/** What the stand-in answers next, and the requests it received. */
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const received: { path: string; headers: IncomingMessage['headers']; body: Record<string, any> }[] = [];
let server: Server;
let baseUrl: string;

/** The documented Chat Completions response (https://platform.openai.com/docs/api-reference/chat/object). */
function completion(content: string, model = 'gpt-4o-mini-2024-07-18', finishReason = 'stop') {
  return {
    id: 'chatcmpl-123',
    object: 'chat.completion',
    created: 1_741_569_952,
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 420, completion_tokens: 180, total_tokens: 600 },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body || '{}') });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const provider = (timeoutMs = 5000) =>
  createOpenAiProvider({ baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test-key', timeoutMs });

describe(createOpenAiProvider.name, () => {
  it('asks the Chat Completions endpoint for JSON over numbered passages, and keeps the cited statements', async () => {
    answer = (_req, res) =>
      json(
        res,
        200,
        completion(
          JSON.stringify({
            summary: [
              { text: 'Revenue rose 18% to $12.4 billion.', passages: [2] },
              { text: 'The company guided Q3 revenue above this quarter.', passages: [5] },
            ],
            keyNumbers: [
              {
                metric: 'revenue',
                label: 'Revenue',
                figure: '$12.4 billion',
                text: 'Revenue of $12.4 billion',
                passages: [2],
              },
              { metric: 'eps', figure: '$2.31', text: 'EPS of $2.31', passages: ['4'] },
              // Made up: no cited passage writes this figure.
              { metric: 'eps', figure: '$2.45', text: 'EPS of $2.45', passages: [4] },
              // A passage that does not exist.
              { metric: 'guidance', figure: '$13 billion', text: 'Guidance of $13 billion', passages: [41] },
            ],
            highlights: [
              { text: 'Demand accelerated everywhere.', passages: [3] },
              { text: 'Margins hit a record.', passages: [99] },
              { text: 'No citation at all.', passages: [] },
            ],
            risks: [{ text: 'Tariffs are a headwind.', passages: [6] }],
            sentiment: 0.6,
          }),
        ),
      );
    const written = await provider().summarise(REQUEST);

    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-test-key');
    expect(call?.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(call?.body.messages[0].role).toBe('system');
    expect(call?.body.messages[1].content).toContain(
      '[2] (Prepared Remarks · Chief Executive Officer, Example Corp) Revenue was $12.4 billion, up 18% from a year ago.',
    );

    expect(written).toMatchObject({ source: 'openai', model: 'gpt-4o-mini-2024-07-18', fallback: null });
    expect(written.summary.summary.map((s) => s.text)).toEqual([
      'Revenue rose 18% to $12.4 billion.',
      'The company guided Q3 revenue above this quarter.',
    ]);
    expect(written.summary.keyNumbers.map((k) => [k.label, k.figure])).toEqual([
      ['Revenue', '$12.4 billion'],
      ['EPS', '$2.31'],
    ]);
    expect(written.summary.highlights.map((s) => s.text)).toEqual(['Demand accelerated everywhere.']);
    expect(written.summary.risks[0]?.citations).toEqual([
      { section: 0, paragraph: 1, start: 110, end: 136, quote: 'Tariffs remain a headwind.' },
    ]);
    expect(written.summary.sentiment).toBe(0.6);
    // Citations are ours, rebuilt from the passages: every one holds.
    expect(summaryProblems(TRANSCRIPT, written.summary)).toEqual([]);
  });

  it('falls back to the extractive summary when the endpoint answers 500, and says so', async () => {
    answer = (_req, res) => json(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
    const written = await provider().summarise(REQUEST);
    expect(written.source).toBe('extractive');
    expect(written.model).toBe(EXTRACTIVE_MODEL);
    expect(written.fallback).toEqual({
      from: 'openai:gpt-4o-mini',
      reason: 'HTTP 500: {"error":{"message":"The server had an error","type":"server_error"}}',
    });
    expect(written.summary.keyNumbers.map((k) => k.figure)).toContain('$12.4 billion');
    expect(summaryProblems(TRANSCRIPT, written.summary)).toEqual([]);
  });

  it('falls back when no answer comes in time', async () => {
    answer = (_req, res) => {
      setTimeout(() => json(res, 200, completion('{}')), 3000).unref();
    };
    const started = Date.now();
    const written = await provider(1000).summarise(REQUEST);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(written).toMatchObject({ source: 'extractive', fallback: { reason: 'no answer within 1000 ms' } });
  });

  it.each([
    ['prose instead of JSON', completion('Revenue was strong this quarter.'), 'the answer is not the JSON asked for'],
    ['JSON cut off', completion('{"summary": [{"text": "Rev', undefined, 'length'), 'the answer was cut off (length)'],
    [
      'only hallucinated citations',
      completion(JSON.stringify({ summary: [{ text: 'Record margins.', passages: [77] }] })),
      'no summary statement cites an existing passage (1 statements dropped)',
    ],
    ['another shape', { result: 'ok' }, 'the response is not a Chat Completions body'],
  ])('falls back on %s', async (_name, body, reason) => {
    answer = (_req, res) => json(res, 200, body);
    const written = await provider().summarise(REQUEST);
    expect(written).toMatchObject({ source: 'extractive', model: EXTRACTIVE_MODEL, fallback: { reason } });
  });

  it('gives the job its abort instead of falling back when the worker stops', async () => {
    answer = (_req, res) => {
      setTimeout(() => json(res, 200, completion('{}')), 3000).unref();
    };
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('the worker stopped')), 200);
    await expect(provider().summarise(REQUEST, stop.signal)).rejects.toThrow();
  });
});

describe(checkAnswer.name, () => {
  const passages = passagesOf(TRANSCRIPT);

  it('reads a fenced JSON answer and drops what does not hold', () => {
    const checked = checkAnswer(
      '```json\n{"summary":[{"text":"EPS was $2.31.","passages":["[4]"]},{"text":"x","passages":[0]}],"risks":"none"}\n```',
      passages,
    );
    expect(checked.summary.summary).toEqual([
      {
        text: 'EPS was $2.31.',
        citations: [{ section: 0, paragraph: 1, start: 0, end: 30, quote: 'Earnings per share were $2.31.' }],
      },
    ]);
    expect(checked.dropped).toBe(1);
  });
});

describe(promptOf.name, () => {
  it('leaves out what does not fit, and says so', () => {
    const long: SummaryTranscript = {
      sections: [
        {
          title: 'Q&A',
          paragraphs: Array.from({ length: 400 }, (_, i) => ({
            speaker: 'CEO',
            role: null,
            text: `Sentence ${i} ${'word '.repeat(40)}.`,
          })),
        },
      ],
    };
    const prompt = promptOf({ ...REQUEST, transcript: long }, passagesOf(long));
    expect(prompt).toMatch(/^Passages \(the first \d+ of 400; the rest is left out\):$/m);
    expect(prompt.length).toBeLessThan(PROMPT_PASSAGE_CHARS + 20_000);
  });
});
