/**
 * The OpenAI-compatible summary provider (decision 0024): one Chat Completions call per transcript to any endpoint
 * that speaks the API (OpenAI, Azure-style proxies, or a local server such as llama.cpp, vLLM or Ollama). The
 * model is given the transcript as numbered passages (its sentences) and asked for JSON whose every statement names
 * the passages it came from. The answer is checked, not trusted: a statement citing a passage that does not exist is
 * dropped, and so is a key number whose figure is not written in a passage it cites; citations are rebuilt from our
 * own passages, so their offsets and quotes always hold. An answer with no cited summary statement left, an HTTP
 * error, a timeout or a body that is not the documented shape falls back to the extractive summary, and the stored
 * analysis records which model wrote it and what it fell back from.
 */
import {
  type CitedStatement,
  citationOf,
  KEY_METRICS,
  type KeyNumber,
  type Passage,
  passagesOf,
  SUMMARY_LIMITS,
  type TranscriptSummary,
} from '@eh/domain';
import { z } from 'zod';
import { extractiveSummary, type SummaryProvider, type SummaryRequest, type WrittenSummary } from './provider.ts';

export interface OpenAiOptions {
  /** Up to the API version: `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The passages a prompt carries at most (characters of quoted text): the rest of a long call is left out. */
export const PROMPT_PASSAGE_CHARS = 60_000;
/** Longest statement text taken from a model. */
const STATEMENT_MAX_CHARS = 600;

export const SYSTEM_PROMPT = [
  'You summarise earnings call transcripts for investors.',
  'You are given the transcript as numbered passages. Use only what the passages say.',
  'Answer with one JSON object and nothing else, of this shape:',
  '{"summary":[{"text":string,"passages":[number]}],',
  '"keyNumbers":[{"metric":"revenue"|"eps"|"margin"|"guidance","label":string,"figure":string,"text":string,"passages":[number]}],',
  '"highlights":[{"text":string,"passages":[number]}],',
  '"risks":[{"text":string,"passages":[number]}],',
  '"sentiment":number}',
  'Rules: every statement cites the numbers of the 1 to 3 passages it comes from.',
  `"summary" is ${SUMMARY_LIMITS.summary - 2} to ${SUMMARY_LIMITS.summary} sentences: the results, the outlook, what went well, what the company is wary of.`,
  'A key number\'s "figure" is copied exactly as the passage writes it ("$69.3 billion", "$1.10 to $1.20").',
  `At most ${SUMMARY_LIMITS.keyNumbers} key numbers, ${SUMMARY_LIMITS.highlights} highlights and ${SUMMARY_LIMITS.risks} risks.`,
  '"sentiment" is the tone of what the company said, from -1 (negative) to 1 (positive).',
  "Never quote the operator, an analyst's question, or the legal safe-harbor language.",
].join('\n');

/** The user message: the company, the call, and the passages as `[n] (section · speaker) text`. */
export function promptOf(request: SummaryRequest, passages: readonly Passage[]): string {
  const lines: string[] = [];
  let used = 0;
  let cut = false;
  for (const passage of passages) {
    if (used + passage.quote.length > PROMPT_PASSAGE_CHARS) {
      cut = true;
      break;
    }
    used += passage.quote.length;
    const who = passage.role ? `${passage.speaker}, ${passage.role}` : passage.speaker;
    lines.push(`[${passage.id}] (${passage.sectionTitle} · ${who}) ${passage.quote.replace(/\s+/g, ' ')}`);
  }
  return [
    `Company: ${request.symbol}`,
    `Call: ${request.title}`,
    cut ? `Passages (the first ${lines.length} of ${passages.length}; the rest is left out):` : 'Passages:',
    ...lines,
  ].join('\n');
}

/** The parts of the Chat Completions response we read (the documented shape). */
const ChatCompletion = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullish() }))
    .min(1),
});

const PassageIds = z.array(z.union([z.number(), z.string().regex(/^\s*\[?\d+\]?\s*$/)])).max(5);
const ModelStatement = z.object({ text: z.string().trim().min(1).max(STATEMENT_MAX_CHARS), passages: PassageIds });
const ModelKeyNumber = ModelStatement.extend({
  metric: z.enum(KEY_METRICS),
  label: z.string().trim().min(1).max(60).optional(),
  figure: z.string().trim().min(1).max(80),
});
/** A list that is missing or not a list counts as empty; its items are checked one by one. */
const ModelList = z.array(z.unknown()).catch([]);
const ModelAnswer = z.object({
  summary: ModelList,
  keyNumbers: ModelList,
  highlights: ModelList,
  risks: ModelList,
  sentiment: z.number().min(-1).max(1).nullable().catch(null),
});

const METRIC_LABELS: Record<(typeof KEY_METRICS)[number], string> = {
  revenue: 'Revenue',
  eps: 'EPS',
  margin: 'Margin',
  guidance: 'Guidance',
};

export interface CheckedAnswer {
  summary: TranscriptSummary;
  /** Statements left out: unreadable, or citing a passage that does not exist, or a figure no cited passage has. */
  dropped: number;
}

/** The model's JSON (the message content), checked against our passages. */
export function checkAnswer(content: string, passages: readonly Passage[]): CheckedAnswer {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const answer = ModelAnswer.parse(JSON.parse(text));
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  let dropped = 0;

  const cite = (ids: readonly (number | string)[]) => {
    const cited = ids.map((id) => byId.get(typeof id === 'number' ? id : Number(id.replace(/[[\]\s]/g, ''))));
    if (cited.length === 0 || cited.some((passage) => passage === undefined)) return null;
    return [...new Map((cited as Passage[]).map((passage) => [passage.id, passage])).values()].sort(
      (a, b) => a.id - b.id,
    );
  };

  const statements = (items: readonly unknown[], limit: number): CitedStatement[] => {
    const kept: CitedStatement[] = [];
    for (const item of items) {
      const parsed = ModelStatement.safeParse(item);
      const cited = parsed.success ? cite(parsed.data.passages) : null;
      if (!parsed.success || !cited || kept.length >= limit) {
        dropped += 1;
        continue;
      }
      kept.push({ text: parsed.data.text.replace(/\s+/g, ' '), citations: cited.map(citationOf) });
    }
    return kept;
  };

  const keyNumbers: KeyNumber[] = [];
  for (const item of answer.keyNumbers) {
    const parsed = ModelKeyNumber.safeParse(item);
    const cited = parsed.success ? cite(parsed.data.passages) : null;
    // The figure as written: a passage it cites must hold it, or the number may be made up.
    const holding = parsed.success ? cited?.filter((passage) => passage.quote.includes(parsed.data.figure)) : [];
    if (!parsed.success || !cited || !holding?.length || keyNumbers.length >= SUMMARY_LIMITS.keyNumbers) {
      dropped += 1;
      continue;
    }
    const { metric, figure, label, text } = parsed.data;
    keyNumbers.push({
      metric,
      label: label ?? METRIC_LABELS[metric],
      figure,
      text: text.replace(/\s+/g, ' '),
      citations: holding.map(citationOf),
    });
  }

  return {
    summary: {
      summary: statements(answer.summary, SUMMARY_LIMITS.summary),
      keyNumbers,
      highlights: statements(answer.highlights, SUMMARY_LIMITS.highlights),
      risks: statements(answer.risks, SUMMARY_LIMITS.risks),
      sentiment: answer.sentiment,
    },
    dropped,
  };
}

class Unusable extends Error {}

export function createOpenAiProvider(options: OpenAiOptions): SummaryProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  const from = `openai:${options.model}`;

  async function ask(request: SummaryRequest, passages: readonly Passage[], signal: AbortSignal) {
    const res = await doFetch(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: promptOf(request, passages) },
        ],
      }),
    });
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
      throw new Unusable(`HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
    }
    const body = ChatCompletion.safeParse(await res.json().catch(() => null));
    if (!body.success) throw new Unusable('the response is not a Chat Completions body');
    const [choice] = body.data.choices;
    if (!choice?.message.content) throw new Unusable('the answer is empty');
    let checked: CheckedAnswer;
    try {
      checked = checkAnswer(choice.message.content, passages);
    } catch {
      throw new Unusable(
        choice.finish_reason === 'length' ? 'the answer was cut off (length)' : 'the answer is not the JSON asked for',
      );
    }
    if (checked.summary.summary.length === 0)
      throw new Unusable(`no summary statement cites an existing passage (${checked.dropped} statements dropped)`);
    return { checked, model: body.data.model ?? options.model };
  }

  return {
    name: 'openai',
    async summarise(request, signal): Promise<WrittenSummary> {
      const passages = passagesOf(request.transcript);
      if (passages.length === 0) return extractiveSummary(request);
      const timeout = AbortSignal.timeout(options.timeoutMs);
      try {
        const { checked, model } = await ask(request, passages, signal ? AbortSignal.any([signal, timeout]) : timeout);
        return { summary: checked.summary, model, source: 'openai', fallback: null };
      } catch (error) {
        // The worker stopping is not the model's failure: the job goes back to the queue.
        if (signal?.aborted) throw error;
        const reason =
          error instanceof Unusable
            ? error.message
            : timeout.aborted
              ? `no answer within ${options.timeoutMs} ms`
              : `the request failed: ${error instanceof Error ? error.message : String(error)}`;
        return extractiveSummary(request, { from, reason });
      }
    },
  };
}
