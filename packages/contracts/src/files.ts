import {
  DEFAULT_LIMITS,
  FILE_TYPES,
  FISCAL_PERIODS,
  KEY_METRICS,
  METRICS,
  OTHER_FILING_TYPE,
  RANKINGS,
  RATING_ACTIONS,
  SEC_FILING_KINDS,
} from '@eh/domain';
import { z } from 'zod';
import { csvParam, IsoDateString, limitParam, SymbolParams, SymbolString, withDateWindow } from './common.ts';
import { GatedMarkers } from './earnings.ts';
import { booleanParam, GatedHistory } from './market.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/**
 * SPEC §7 Files and pricing (public group): a quarter's files (transcript, slides, report, recording) and their AI
 * analysis, a company's SEC filings, analyst ratings, corporate guidance and metric statistics. File metadata is
 * public; content, links and analysis are plan features (SPEC §4: eventTranscripts, eventSlides, eventReports,
 * historicalAudio, eventTranscriptsAi), as are ratings (analystRatings) and guidance (corporateGuidance, pro).
 * What a plan withheld is named in `gated`.
 */

const TAGS = ['files'];
const PRICING_TAGS = ['pricing'];
const Datetime = z.iso.datetime();
const DateOut = z.iso.date();

export const FileTypeSchema = z.enum(FILE_TYPES);

export const FileIdParams = z.object({
  id: SafeString.min(1)
    .max(128, 'must be at most 128 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'must be a file id'),
});

export const FileMeta = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  type: FileTypeSchema,
  periodYear: z.number().int(),
  period: z.enum(FISCAL_PERIODS),
  title: z.string(),
  date: Datetime,
  /** The slides, report or recording; null for a transcript, or when the plan withholds it. */
  url: z.string().nullable(),
  mimeType: z.string().nullable(),
  externalFileId: z.string().nullable(),
  eventId: z.number().int().nullable(),
  source: z.string(),
  /** Whether the file has stored content (a transcript's sections). */
  hasContent: z.boolean(),
  hasAnalysis: z.boolean(),
  /** Set when the caller's plan withholds this file's content and link. */
  gated: GatedHistory,
});
export type FileMeta = z.infer<typeof FileMeta>;

export const TranscriptSection = z.object({
  title: z.string(),
  paragraphs: z.array(
    z.object({
      speaker: z.string(),
      role: z.string().nullable(),
      text: z.string(),
      /** Offset into the recording, milliseconds. */
      startMs: z.number().nullable(),
    }),
  ),
});

export const FileWithContent = FileMeta.extend({
  /** A transcript's sections; null for other types, when none is stored, or when the plan withholds it. */
  content: z.object({ sections: z.array(TranscriptSection) }).nullable(),
});
export type FileWithContent = z.infer<typeof FileWithContent>;

/**
 * Where a statement of an analysis came from: a passage of the transcript's content (`sections[section]
 * .paragraphs[paragraph].text`), `quote` being exactly `text.slice(start, end)` (UTF-16 offsets, as JavaScript
 * counts). Decision 0024.
 */
export const Citation = z.object({
  section: z.number().int().min(0),
  paragraph: z.number().int().min(0),
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  quote: z.string(),
});
export type Citation = z.infer<typeof Citation>;

/** A statement of an analysis with the passages it came from (at least one for every generated statement). */
export const CitedStatement = z.object({ text: z.string(), citations: z.array(Citation) });
export type CitedStatement = z.infer<typeof CitedStatement>;

export const KeyNumber = CitedStatement.extend({
  metric: z.enum(KEY_METRICS),
  /** What the figure measures: 'Revenue', 'EPS guidance', 'Gross margin'. */
  label: z.string(),
  /** The figure as the transcript writes it ('$69.3 billion', '$1.10 to $1.20'), found in a cited quote. */
  figure: z.string(),
});
export type KeyNumber = z.infer<typeof KeyNumber>;

export const FileAnalysis = z.object({
  fileId: z.string(),
  /** The one-paragraph summary (its statements, with citations, in `summaryStatements`). */
  summary: z.string(),
  /** Highlights with their citations; a plain string is an older analysis's highlight, without one. */
  highlights: z.array(z.union([z.string(), CitedStatement])),
  /** −1 (negative) … 1 (positive). */
  sentiment: z.number().nullable(),
  /** The model that wrote it: the embedded extractive summariser's name, or the configured model's. */
  model: z.string(),
  /** How it was written: `extractive`, `openai` (an OpenAI-compatible endpoint), or what stored it otherwise. */
  source: z.string(),
  createdAt: Datetime,
  /** The summary statement by statement, each with its citations (empty for an older analysis). */
  summaryStatements: z.array(CitedStatement),
  /** Revenue, EPS, margins and guidance as stated on the call, each with its citations. */
  keyNumbers: z.array(KeyNumber),
  /** What the company named as risks, pressures and headwinds, each with its citations. */
  risks: z.array(CitedStatement),
});
export type FileAnalysis = z.infer<typeof FileAnalysis>;

export const ANALYZER_STATUSES = ['ready', 'pending', 'unsupported'] as const;

export const getAnalyzerFile = defineRoute({
  method: 'GET',
  path: paths.getAnalyzerFile,
  group: 'public',
  summary:
    "The AI analyzer's state for a file: ready (with the analysis, eventTranscriptsAi), pending (a transcript not analysed yet) or unsupported (other file types)",
  tags: ['ai'],
  params: FileIdParams,
  response: z.object({
    fileId: z.string(),
    status: z.enum(ANALYZER_STATUSES),
    analysis: FileAnalysis.nullable(),
    gated: GatedHistory,
  }),
});

export const getFileAnalysis = defineRoute({
  method: 'GET',
  path: paths.getFileAnalysis,
  group: 'public',
  summary: 'A file and its AI analysis (null when none yet or without eventTranscriptsAi; `gated` says which)',
  tags: TAGS,
  params: FileIdParams,
  response: z.object({ file: FileMeta, analysis: FileAnalysis.nullable(), gated: GatedHistory }),
});

export const getFile = defineRoute({
  method: 'GET',
  path: paths.getFile,
  group: 'public',
  summary: "A file's metadata (its link only with the plan feature of its type)",
  tags: TAGS,
  params: FileIdParams,
  response: FileMeta,
});

export const getFileContent = defineRoute({
  method: 'GET',
  path: paths.getFileContent,
  group: 'public',
  summary: "A file with its content: a transcript's sections, or the link of slides, a report or a recording",
  tags: TAGS,
  params: FileIdParams,
  response: FileWithContent,
});

/**
 * Named file feeds (also the socket's filesFilter): `latest` every type, `transcripts` / `slides` / `reports` /
 * `audio` one type, `popular` every type from the popular filter group's companies; newest first.
 */
export const FILE_FILTERS = ['latest', 'transcripts', 'slides', 'reports', 'audio', 'popular'] as const;
export type FileFilter = (typeof FILE_FILTERS)[number];

export const getFilesByFilter = defineRoute({
  method: 'GET',
  path: paths.getFilesByFilter,
  group: 'public',
  summary:
    'Newest files of a feed: latest (any type), transcripts, slides, reports, audio, popular (the companies of the popular filter group); default limit 5',
  tags: TAGS,
  params: z.object({ filter: z.enum(FILE_FILTERS) }),
  query: z.object({ limit: limitParam(DEFAULT_LIMITS.filesByFilter) }),
  response: z.object({ filter: z.enum(FILE_FILTERS), files: z.array(FileMeta) }),
});

/** Most symbols the latest-analysis call takes. */
export const LATEST_ANALYSIS_SYMBOLS_MAX = 50;

export const getLatestAnalyses = defineRoute({
  method: 'GET',
  path: paths.getLatestAnalyses,
  group: 'public',
  summary:
    "Each symbol's newest analysed file with its analysis (eventTranscriptsAi); symbols without one, or unknown, are listed in `missing`",
  tags: TAGS,
  query: z.object({
    symbols: csvParam(SymbolString, LATEST_ANALYSIS_SYMBOLS_MAX).refine((symbols) => symbols.length > 0, 'is required'),
  }),
  response: z.object({
    items: z.array(z.object({ symbol: z.string(), file: FileMeta, analysis: FileAnalysis.nullable() })),
    missing: z.array(z.string()),
    gated: GatedHistory,
  }),
});

const SEC_FILING_COLORS = [...new Set(SEC_FILING_KINDS.map((kind) => kind.color))];
/** Every `types` value of a company's files call: file types, the eleven SEC filing kinds and 'other'. */
export const ASSET_FILE_TYPES = [...FILE_TYPES, ...SEC_FILING_KINDS.map((kind) => kind.key), OTHER_FILING_TYPE];

export const SecFiling = z.object({
  id: z.number().int(),
  /** SPEC §3 stored key (sec_10k …) or 'other'. */
  type: z.string(),
  /** '10-K Annual Report'; the form itself for 'other'. */
  label: z.string(),
  /** Theme colour of the kind; 'default' for 'other'. */
  color: z.enum([...SEC_FILING_COLORS, 'default']),
  form: z.string(),
  accessionNumber: z.string(),
  filedDate: DateOut,
  periodOfReport: DateOut.nullable(),
  /** 8-K item numbers ('2.02': results of operations). */
  items: z.array(z.string()),
  description: z.string().nullable(),
  url: z.string(),
  source: z.string(),
});
export type SecFiling = z.infer<typeof SecFiling>;

export const ASSET_FILES_DEFAULT_LIMIT = 100;

export const getAssetFiles = defineRoute({
  method: 'GET',
  path: paths.getAssetFiles,
  group: 'public',
  summary:
    "A company's files and SEC filings, newest first: `types` (or `type`) picks file types (transcript, slides, report, audio) and filing kinds (sec_10k … sec_425, other); all when omitted. `externalFileId` finds one vendor file. `limit` applies to each list",
  tags: TAGS,
  params: SymbolParams,
  query: z.object({
    types: csvParam(z.enum(ASSET_FILE_TYPES), ASSET_FILE_TYPES.length).optional(),
    type: z.enum(ASSET_FILE_TYPES).optional(),
    externalFileId: SafeString.trim().min(1).max(128).optional(),
    limit: limitParam(ASSET_FILES_DEFAULT_LIMIT),
  }),
  response: z.object({ symbol: z.string(), files: z.array(FileMeta), filings: z.array(SecFiling) }),
});

export const getFileContents = defineRoute({
  method: 'GET',
  path: paths.getFileContents,
  group: 'public',
  summary: "Every file of a company's fiscal quarter with its content, each gated by the plan feature of its type",
  tags: TAGS,
  params: SymbolParams.extend({
    periodYear: z.coerce.number().int().min(1900).max(2100),
    period: z.enum(FISCAL_PERIODS),
  }),
  response: z.object({
    symbol: z.string(),
    periodYear: z.number().int(),
    period: z.enum(FISCAL_PERIODS),
    files: z.array(FileWithContent),
    gated: GatedMarkers,
  }),
});

export const AnalystRating = z.object({
  date: DateOut,
  firm: z.string(),
  analyst: z.string().nullable(),
  action: z.string().describe(`Usually one of ${RATING_ACTIONS.join(', ')}`),
  fromGrade: z.string().nullable(),
  toGrade: z.string().nullable(),
  priceTarget: z.number().nullable(),
  priorPriceTarget: z.number().nullable(),
  source: z.string(),
});
export type AnalystRating = z.infer<typeof AnalystRating>;

export const RATINGS_DEFAULT_LIMIT = 100;

/** Months of consensus the ratings answer's `trend` holds (the demo market keeps years; Yahoo gives 4: 0m to -3m). */
export const RATINGS_TREND_MONTHS = 6;

/** One month's consensus: how many analysts rate the company strong buy … strong sell on the month's first day. */
export const AnalystConsensus = z.object({
  month: DateOut,
  strongBuy: z.number().int(),
  buy: z.number().int(),
  hold: z.number().int(),
  sell: z.number().int(),
  strongSell: z.number().int(),
});
export type AnalystConsensus = z.infer<typeof AnalystConsensus>;

export const getAssetRatings = defineRoute({
  method: 'GET',
  path: paths.getAssetRatings,
  group: 'public',
  summary:
    "Analyst ratings of a company, newest first, from `start` on; `latest=true` keeps each firm's newest one. With the latest monthly consensus and the trend: the newest months' consensus, oldest first. Needs analystRatings (plus and up)",
  tags: PRICING_TAGS,
  params: SymbolParams,
  query: z.object({
    latest: booleanParam(false),
    start: IsoDateString.optional(),
    limit: limitParam(RATINGS_DEFAULT_LIMIT),
  }),
  response: z.object({
    symbol: z.string(),
    ratings: z.array(AnalystRating),
    consensus: AnalystConsensus.nullable().describe("The newest month's consensus: the trend's last row"),
    trend: z
      .array(AnalystConsensus)
      .max(RATINGS_TREND_MONTHS)
      .describe(`The consensus of the newest ${RATINGS_TREND_MONTHS} months on record, oldest first`),
    gated: GatedHistory,
  }),
});

export const Guidance = z.object({
  periodYear: z.number().int(),
  period: z.enum([...FISCAL_PERIODS, 'FY']),
  metric: z.enum(['eps', 'revenue']),
  low: z.number().nullable(),
  high: z.number().nullable(),
  consensus: z.number().nullable(),
  issuedDate: DateOut,
  source: z.string(),
});

export const getAssetGuidance = defineRoute({
  method: 'GET',
  path: paths.getAssetGuidance,
  group: 'public',
  summary:
    "A company's guidance, newest first: issued from start to end, or for one period (periodYear with period Q1–Q4 or FY, or a whole periodYear); all when neither. Needs corporateGuidance (pro)",
  tags: PRICING_TAGS,
  params: SymbolParams,
  query: withDateWindow(
    z.object({
      start: IsoDateString.optional(),
      end: IsoDateString.optional(),
      periodYear: z.coerce.number().int().min(1900).max(2100).optional(),
      period: z.enum([...FISCAL_PERIODS, 'FY']).optional(),
    }),
  ).superRefine((value, ctx) => {
    if (value.period && value.periodYear === undefined)
      ctx.addIssue({ code: 'custom', path: ['periodYear'], message: 'is required with period' });
    if ((value.start || value.end) && value.periodYear !== undefined)
      ctx.addIssue({ code: 'custom', path: ['periodYear'], message: 'cannot be combined with start or end' });
  }),
  response: z.object({ symbol: z.string(), guidance: z.array(Guidance), gated: GatedHistory }),
});

export const MetricStats = z.object({
  /** The metrics date the figures are from: the latest on or before the requested one; null when none. */
  date: DateOut.nullable(),
  target: z.enum(RANKINGS),
  type: z.enum(METRICS),
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  stdDev: z.number().nullable(),
  p10: z.number().nullable(),
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});

export const getMetricStats = defineRoute({
  method: 'GET',
  path: paths.getMetricStats,
  group: 'public',
  summary:
    'Distribution of a metric (ps, pe, yoyEps, yoyRevenue, overallScore) over a ranking (top500: the EH500 constituents) on a date (default: the latest); percentiles as PostgreSQL percentile_cont, a 10-bin histogram',
  tags: PRICING_TAGS,
  query: z.object({
    date: IsoDateString.optional(),
    target: z.enum(RANKINGS).default('top500'),
    type: z.enum(METRICS).default('overallScore'),
  }),
  response: MetricStats,
});
