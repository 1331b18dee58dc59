/**
 * The market-data provider interface (DESIGN §6): one method per dataset, each taking one params object and
 * returning records in our schema's terms, keyed by symbol (the ingestion writer resolves asset ids). A provider
 * implements only what its vendor serves and says so through `datasets` and `canHandle`.
 */
import type {
  CalendarEventType,
  EarningsDateStatus,
  EventStatus,
  FileType,
  FiscalPeriod,
  IsoDate,
  MarketAssetType,
  SessionType,
  StoredFilingType,
} from '@eh/domain';
import type { Config } from '../config.ts';

/** Which asset an asset-scoped record belongs to. */
export interface AssetKey {
  symbol: string;
  type: MarketAssetType;
}

export interface AssetRecord extends AssetKey {
  name: string;
  exchange?: string | null;
  cik?: string | null;
  sector?: string | null;
  industry?: string | null;
  country?: string | null;
  currency?: string;
  description?: string | null;
  website?: string | null;
  fiscalYearEndMonth?: number | null;
  sharesOutstanding?: number | null;
  marketCap?: number | null;
  popularity?: number;
  externalIds?: Record<string, string>;
  active?: boolean;
}

export interface QuoteRecord extends AssetKey {
  price: number;
  prevClose?: number | null;
  open?: number | null;
  lowPrice?: number | null;
  highPrice?: number | null;
  volume?: number | null;
  extendedPrice?: number | null;
  extendedSession?: 'pre' | 'after' | null;
  extendedAt?: Date | null;
  quotedAt: Date;
}

export interface DailyBarRecord extends AssetKey {
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface IntradayBarRecord extends AssetKey {
  ts: Date;
  intervalMinutes: number;
  session: 'pre' | 'regular' | 'after';
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface EarningsRecord extends AssetKey {
  periodYear: number;
  period: FiscalPeriod;
  periodEnd?: IsoDate | null;
  date: IsoDate;
  /** 'HH:MM' America/New_York, null when unknown. */
  time?: string | null;
  session?: SessionType | null;
  dateStatus: EarningsDateStatus;
  epsEstimate?: number | null;
  epsActual?: number | null;
  epsPriorYear?: number | null;
  revenueEstimate?: number | null;
  revenueActual?: number | null;
  revenuePriorYear?: number | null;
  estimateCount?: number | null;
  reportedAt?: Date | null;
  priceMovePercent?: number | null;
}

export interface GuidanceRecord extends AssetKey {
  periodYear: number;
  period: FiscalPeriod | 'FY';
  metric: 'eps' | 'revenue';
  low: number | null;
  high: number | null;
  consensus?: number | null;
  issuedDate: IsoDate;
}

export interface DividendRecord extends AssetKey {
  exDate: IsoDate;
  recordDate?: IsoDate | null;
  paymentDate?: IsoDate | null;
  declaredDate?: IsoDate | null;
  amount: number;
  frequency?: number | null;
}

export interface SplitRecord extends AssetKey {
  date: IsoDate;
  numerator: number;
  denominator: number;
}

export interface ShortInterestRecord extends AssetKey {
  settlementDate: IsoDate;
  sharesShort: number;
  previousSharesShort?: number | null;
  changePercent?: number | null;
  daysToCover?: number | null;
  averageVolume?: number | null;
  percentOfFloat?: number | null;
}

export interface AnalystRatingRecord extends AssetKey {
  date: IsoDate;
  firm: string;
  analyst?: string | null;
  action: string;
  fromGrade?: string | null;
  toGrade?: string | null;
  priceTarget?: number | null;
  priorPriceTarget?: number | null;
}

export interface AnalystTrendRecord extends AssetKey {
  /** First day of the month the counts describe. */
  month: IsoDate;
  strongBuy: number;
  buy: number;
  hold: number;
  sell: number;
  strongSell: number;
}

export interface NewsRecord {
  externalId: string;
  title: string;
  summary?: string | null;
  /** Raw HTML or text from the vendor; the writer sanitises it. */
  body?: string | null;
  url?: string | null;
  imageUrl?: string | null;
  author?: string | null;
  newsType: string;
  tags: string[];
  symbols: string[];
  publishedAt: Date;
}

export interface FilingRecord {
  /** Null for a filer we do not list (an individual insider, a fund). */
  asset: AssetKey | null;
  cik: string;
  accessionNumber: string;
  form: string;
  kind: StoredFilingType;
  filedDate: IsoDate;
  acceptedAt?: Date | null;
  periodOfReport?: IsoDate | null;
  items?: string[];
  primaryDocument?: string | null;
  description?: string | null;
  url: string;
}

export interface TranscriptParagraph {
  speaker: string;
  role?: string | null;
  text: string;
  startMs?: number | null;
}
export interface TranscriptSection {
  title: string;
  paragraphs: TranscriptParagraph[];
}

export interface FileRecord extends AssetKey {
  id: string;
  fileType: FileType;
  periodYear: number;
  period: FiscalPeriod;
  title: string;
  date: Date;
  url?: string | null;
  mimeType?: string | null;
  content?: { sections: TranscriptSection[] } | null;
  externalFileId?: string | null;
  /** Key of the event (same source) this file belongs to. */
  eventExternalId?: string | null;
}

export interface EventRecord {
  externalId: string;
  eventType: CalendarEventType;
  eventStatus: EventStatus;
  eventDate: Date;
  asset?: AssetKey | null;
  title: string;
  description?: string | null;
  periodYear?: number | null;
  period?: FiscalPeriod | null;
  details?: Record<string, unknown>;
  audioUrl?: string | null;
  youtubeUrl?: string | null;
}

/** Datasets a provider may serve; `ingest` runs them in this order (assets first: everything else refers to them). */
export const DATASETS = [
  'assets',
  'quotes',
  'dailyBars',
  'intradayBars',
  'earnings',
  'guidance',
  'dividends',
  'splits',
  'shortInterest',
  'analystRatings',
  'analystTrends',
  'news',
  'filings',
  'events',
  'files',
] as const;
export type Dataset = (typeof DATASETS)[number];

export interface DatasetRecords {
  assets: AssetRecord;
  quotes: QuoteRecord;
  dailyBars: DailyBarRecord;
  intradayBars: IntradayBarRecord;
  earnings: EarningsRecord;
  guidance: GuidanceRecord;
  dividends: DividendRecord;
  splits: SplitRecord;
  shortInterest: ShortInterestRecord;
  analystRatings: AnalystRatingRecord;
  analystTrends: AnalystTrendRecord;
  news: NewsRecord;
  filings: FilingRecord;
  events: EventRecord;
  files: FileRecord;
}

export interface FetchParams {
  /** Limit to these assets; all the provider knows when absent. */
  assets?: AssetKey[];
  /** Inclusive window for dated datasets. */
  from?: IsoDate;
  to?: IsoDate;
  signal?: AbortSignal;
}

export interface MarketDataProvider {
  /** 'demo', 'sec', 'nasdaqtrader', 'coingecko', 'yahoo'; stored as every record's `source`. */
  readonly name: string;
  readonly datasets: readonly Dataset[];
  /** Assets per request. */
  readonly batchSize: number;
  /** Requests per second the vendor allows us. */
  readonly rateLimitPerSecond: number;
  canHandle(asset: AssetKey): boolean;
  /** Yields batches of records (each batch is written in one transaction). */
  fetch<D extends Dataset>(dataset: D, params: FetchParams): AsyncIterable<DatasetRecords[D][]>;
}

/** What a provider is built from: configuration, and optionally recorded responses instead of the network. */
export interface ProviderEnv {
  config: Config;
  /** `npm run ingest -- <provider> --from-file PATH`: read the vendor's recorded responses from this file or folder. */
  fromFile?: string;
  /** The provider's "now" (tests and the demo market pin it). */
  now?: Date;
}

export type ProviderFactory = (env: ProviderEnv) => MarketDataProvider;
