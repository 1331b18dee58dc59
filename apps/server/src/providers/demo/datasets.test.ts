import {
  addDays,
  CALENDAR_EVENT_TYPES,
  CONTENT_TYPES,
  filingKindOfForm,
  isTradingDay,
  MS_PER_DAY,
  nextTradingDay,
  nyDate,
  quarterPagePath,
  RATING_ACTIONS,
} from '@eh/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalystRatingRecord,
  type AssetKey,
  DATASETS,
  type DividendRecord,
  type EarningsRecord,
  type EventRecord,
  type FileRecord,
  type FilingRecord,
  type NewsRecord,
} from '../types.ts';
import { FIRMS } from './analysts.ts';
import { DEMO_BATCH_SIZE } from './index.ts';
import { collect, keyOf, market, NOW } from './test-support.ts';

const TODAY = nyDate(NOW);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SAMPLE: AssetKey[] = [
  ...['AAPL', 'MSFT', 'NVDA', 'KO', 'O', 'JPM', 'BRK.B', 'GOOG', 'TSM', 'WMT', 'CRWV'].map((symbol) => ({
    symbol,
    type: 'stock' as const,
  })),
  { symbol: 'NSRGY', type: 'otc' },
  { symbol: 'FNMA', type: 'otc' },
  { symbol: 'BTC', type: 'crypto' },
  { symbol: '^GSPC', type: 'index' },
];
const provider = market();
let dividends: DividendRecord[] = [];
let earnings: EarningsRecord[] = [];
let ratings: AnalystRatingRecord[] = [];
let filings: FilingRecord[] = [];
let events: EventRecord[] = [];
let news: NewsRecord[] = [];
let files: FileRecord[] = [];

beforeAll(async () => {
  [dividends, earnings, ratings, filings, events, news, files] = await Promise.all([
    collect(provider, 'dividends'),
    collect(provider, 'earnings'),
    collect(provider, 'analystRatings'),
    collect(provider, 'filings'),
    collect(provider, 'events'),
    collect(provider, 'news'),
    collect(provider, 'files'),
  ]);
}, 120_000);

describe('the demo provider', () => {
  it('serves every dataset under the name "demo", in batches of at most 5,000', async () => {
    expect(provider.name).toBe('demo');
    expect(provider.datasets).toEqual(DATASETS);
    expect(provider.canHandle({ symbol: 'brk.b', type: 'stock' })).toBe(true);
    expect(provider.canHandle({ symbol: 'AAPL', type: 'crypto' })).toBe(false);
    const sizes: number[] = [];
    for await (const batch of provider.fetch('dailyBars', { assets: SAMPLE })) sizes.push(batch.length);
    expect(sizes.length).toBeGreaterThan(2);
    expect(Math.max(...sizes)).toBe(DEMO_BATCH_SIZE);
  }, 60_000);

  it('is a pure function of seed and now', async () => {
    const again = market();
    const other = market(NOW, 7);
    for (const dataset of DATASETS) {
      const params = dataset === 'news' || dataset === 'events' ? {} : { assets: SAMPLE };
      const first = await collect(provider, dataset, params);
      expect(await collect(again, dataset, params), dataset).toEqual(first);
    }
    const closes = async (source: typeof provider) =>
      (await collect(source, 'dailyBars', { assets: SAMPLE, from: '2026-01-01' })).map((bar) => bar.close);
    expect(await closes(other)).not.toEqual(await closes(provider));
  }, 60_000);

  it('tells the same history whatever now is: a later now only adds to it', async () => {
    const laterNow = new Date(NOW.getTime() + 10 * MS_PER_DAY);
    const later = market(laterNow);
    const before = <T>(records: T[], dateOf: (record: T) => string) =>
      records.filter((record) => dateOf(record) < TODAY);
    const checks: [string, (source: typeof provider) => Promise<unknown[]>][] = [
      [
        'dailyBars',
        async (source) =>
          before(await collect(source, 'dailyBars', { assets: SAMPLE, from: '2022-06-01' }), (bar) => bar.date),
      ],
      [
        'earnings',
        async (source) =>
          before(await collect(source, 'earnings', { assets: SAMPLE, from: '2025-06-01' }), (record) =>
            record.reportedAt ? record.date : '9999',
          ),
      ],
      [
        'dividends',
        async (source) =>
          before(
            await collect(source, 'dividends', { assets: SAMPLE, from: '2022-06-01' }),
            (record) => record.declaredDate ?? '9999',
          ),
      ],
      [
        'analystRatings',
        async (source) =>
          before(
            await collect(source, 'analystRatings', { assets: SAMPLE, from: '2025-12-01' }),
            (record) => record.date,
          ),
      ],
      [
        'filings',
        async (source) =>
          before(
            await collect(source, 'filings', { assets: SAMPLE, from: '2025-12-01' }),
            (record) => record.filedDate,
          ),
      ],
      [
        'news',
        async (source) =>
          before(await collect(source, 'news', { assets: SAMPLE, from: '2025-12-01' }), (record) =>
            nyDate(record.publishedAt),
          ),
      ],
      [
        'guidance',
        async (source) =>
          before(
            await collect(source, 'guidance', { assets: SAMPLE, from: '2025-12-01' }),
            (record) => record.issuedDate,
          ),
      ],
    ];
    for (const [name, read] of checks) {
      const now = await read(provider);
      expect(now.length, name).toBeGreaterThan(0);
      expect(await read(later), name).toEqual(now);
    }
  }, 60_000);

  it('pays dividends on trading days, declared before and paid after the ex-date, growing yearly', () => {
    const bySymbol = new Map<string, DividendRecord[]>();
    for (const dividend of dividends)
      bySymbol.set(dividend.symbol, [...(bySymbol.get(dividend.symbol) ?? []), dividend]);
    expect(bySymbol.size).toBeGreaterThan(300);
    for (const dividend of dividends) {
      const label = `${dividend.symbol} ${dividend.exDate}`;
      for (const date of [dividend.exDate, dividend.recordDate, dividend.paymentDate, dividend.declaredDate]) {
        expect(isTradingDay(date ?? ''), label).toBe(true);
      }
      expect((dividend.declaredDate ?? '') < dividend.exDate, label).toBe(true);
      expect((dividend.paymentDate ?? '') > (dividend.recordDate ?? ''), label).toBe(true);
      // T+1 settlement since 2024-05-28 made the record date the ex-date; before, it was the next business day.
      expect(dividend.recordDate, label).toBe(
        dividend.exDate >= '2024-05-28' ? dividend.exDate : nextTradingDay(dividend.exDate),
      );
      expect((dividend.declaredDate ?? '') <= TODAY, label).toBe(true);
    }
    const perYear = (symbol: string) => bySymbol.get(symbol)?.filter((d) => d.exDate.startsWith('2025')).length;
    expect([perYear('O'), perYear('KO'), perYear('NSRGY'), perYear('TM')]).toEqual([12, 4, 1, 2]);
    let grew = 0;
    for (const list of bySymbol.values()) {
      for (let index = 1; index < list.length; index += 1)
        expect(list[index]?.amount).toBeGreaterThanOrEqual(list[index - 1]?.amount ?? 0);
      if ((list.at(-1)?.amount ?? 0) > (list[0]?.amount ?? 0)) grew += 1;
    }
    expect(grew).toBeGreaterThan(bySymbol.size * 0.9);
    expect(dividends.some((dividend) => dividend.exDate > TODAY)).toBe(true);
  }, 60_000);

  it('publishes short interest twice a month with consistent changes and days to cover', async () => {
    const records = await collect(provider, 'shortInterest', { assets: SAMPLE });
    const bars = await collect(provider, 'dailyBars', { assets: SAMPLE, from: '2024-10-01' });
    expect(records.filter((record) => record.symbol === 'AAPL').length).toBeGreaterThan(44);
    const byAsset = new Map<string, typeof records>();
    for (const record of records) byAsset.set(keyOf(record), [...(byAsset.get(keyOf(record)) ?? []), record]);
    for (const [key, list] of byAsset) {
      for (const [index, record] of list.entries()) {
        const day = Number(record.settlementDate.slice(8, 10));
        const next = nextTradingDay(record.settlementDate);
        const monthEnd = next.slice(5, 7) !== record.settlementDate.slice(5, 7);
        expect(
          monthEnd || (day <= 15 && nextTradingDay(record.settlementDate) > `${record.settlementDate.slice(0, 8)}15`),
          `${key} ${record.settlementDate}`,
        ).toBe(true);
        const previous = list[index - 1];
        if (previous) expect(record.previousSharesShort).toBe(previous.sharesShort);
        const change =
          ((record.sharesShort - (record.previousSharesShort ?? 0)) / (record.previousSharesShort ?? 1)) * 100;
        expect(record.changePercent).toBeCloseTo(change, 1);
        expect(record.daysToCover).toBeCloseTo(record.sharesShort / (record.averageVolume ?? 1), 1);
        const volumes = bars
          .filter((bar) => keyOf(bar) === key && bar.date <= record.settlementDate)
          .slice(-20)
          .map((bar) => bar.volume);
        if (volumes.length === 20)
          expect(record.averageVolume).toBe(Math.round(volumes.reduce((s, v) => s + v, 0) / 20));
      }
    }
  }, 60_000);

  it('has analyst notes from real firms in their own grades, one per firm and day, targets near the price', async () => {
    expect(ratings.length).toBeGreaterThan(10_000);
    const seen = new Set<string>();
    for (const rating of ratings) {
      const key = `${rating.symbol} ${rating.date} ${rating.firm}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(RATING_ACTIONS).toContain(rating.action);
      const firm = FIRMS.find(([name]) => name === rating.firm);
      expect(firm, rating.firm).toBeDefined();
      expect(firm?.slice(1)).toContain(rating.toGrade);
      if (rating.action === 'initiate') expect(rating.fromGrade).toBeNull();
      if (rating.action === 'upgrade' || rating.action === 'downgrade') {
        const order = (grade: string | null | undefined) => firm?.indexOf(grade ?? '') ?? -1;
        expect(order(rating.toGrade) < order(rating.fromGrade), key).toBe(rating.action === 'upgrade');
      }
      expect(rating.date <= TODAY).toBe(true);
    }
    const actions = new Set(ratings.map((rating) => rating.action));
    expect([...actions].sort()).toEqual([...RATING_ACTIONS].sort());
    const aapl = ratings.filter((rating) => rating.symbol === 'AAPL');
    const bars = await collect(provider, 'dailyBars', { assets: [{ symbol: 'AAPL', type: 'stock' }] });
    const closes = new Map(bars.map((bar) => [bar.date, bar.close]));
    for (const rating of aapl) {
      const previous = [...closes.keys()].filter((date) => date < rating.date).at(-1) ?? '';
      const ratio = (rating.priceTarget ?? 0) / (closes.get(previous) ?? 1);
      expect(ratio, `${rating.date} ${rating.firm}`).toBeGreaterThan(0.6);
      expect(ratio, `${rating.date} ${rating.firm}`).toBeLessThan(1.6);
    }
    const trends = await collect(provider, 'analystTrends', { assets: SAMPLE });
    const aaplTrends = trends.filter((trend) => trend.symbol === 'AAPL');
    expect(aaplTrends.length).toBe(13);
    expect(aaplTrends.at(-1)?.month).toBe(`${TODAY.slice(0, 7)}-01`);
    for (const trend of aaplTrends)
      expect(trend.strongBuy + trend.buy + trend.hold + trend.sell + trend.strongSell).toBeGreaterThan(5);
  }, 60_000);

  it('files with the SEC on real cadences: an 8-K Item 2.02 per earnings release, three 10-Qs and a 10-K a year', () => {
    const accessions = new Set<string>();
    for (const filing of filings) {
      expect(filing.kind).toBe(filingKindOfForm(filing.form));
      expect(
        filing.url.startsWith(`https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${filing.cik}&type=`),
      ).toBe(true);
      const key = `${filing.cik} ${filing.accessionNumber}`;
      expect(accessions.has(key), key).toBe(false);
      accessions.add(key);
      expect(filing.filedDate <= TODAY).toBe(true);
      expect(isTradingDay(filing.filedDate), `${filing.form} ${filing.filedDate}`).toBe(true);
    }
    const kinds = new Set(filings.map((filing) => filing.kind));
    for (const kind of [
      'sec_10k',
      'sec_10q',
      'sec_8k',
      'sec_20f',
      'sec_6k',
      'sec_def14a',
      'sec_13g',
      'sec_4',
      'sec_s1',
      'other',
    ]) {
      expect(kinds.has(kind as never), kind).toBe(true);
    }
    const aapl = filings.filter((filing) => filing.asset?.symbol === 'AAPL');
    const releases = earnings.filter(
      (record) => record.symbol === 'AAPL' && record.reportedAt && record.date >= '2024-01-01',
    );
    for (const release of releases) {
      expect(
        aapl.some(
          (filing) =>
            filing.form === '8-K' && filing.filedDate === release.date && filing.items?.join() === '2.02,9.01',
        ),
        release.date,
      ).toBe(true);
    }
    const fiscal2025 = aapl.filter(
      (filing) =>
        filing.periodOfReport && filing.periodOfReport > '2024-09-30' && filing.periodOfReport <= '2025-09-30',
    );
    expect(fiscal2025.filter((filing) => filing.form === '10-Q')).toHaveLength(3);
    expect(fiscal2025.filter((filing) => filing.form === '10-K')).toHaveLength(1);
    // EDGAR's Schedule 13G was renamed with the December 2024 forms.
    for (const filing of filings.filter((f) => f.kind === 'sec_13g')) {
      expect(filing.form).toBe(filing.filedDate >= '2024-12-19' ? 'SCHEDULE 13G/A' : 'SC 13G/A');
    }
    // One company, one set of filings: GOOG's are GOOGL's.
    expect(filings.some((filing) => filing.asset?.symbol === 'GOOG')).toBe(false);
    expect(filings.some((filing) => filing.asset?.symbol === 'GOOGL')).toBe(true);
  }, 60_000);

  it('schedules a call per earnings report and dividend dates, economic releases, the Fed and IPOs', () => {
    const types = new Set(events.map((event) => event.eventType));
    expect([...types].sort()).toEqual([...CALENDAR_EVENT_TYPES].sort());
    const ids = new Set<string>();
    for (const event of events) {
      expect(ids.has(event.externalId), event.externalId).toBe(false);
      ids.add(event.externalId);
      const at = event.eventDate.getTime();
      if (event.eventStatus === 'upcoming') expect(at, event.externalId).toBeGreaterThan(NOW.getTime());
      else
        expect(at, event.externalId).toBeLessThanOrEqual(NOW.getTime() + (event.eventType === 'call' ? 0 : MS_PER_DAY));
    }
    const calls = new Map(
      events.filter((event) => event.eventType === 'call').map((event) => [event.externalId, event]),
    );
    for (const record of earnings.filter((r) => r.date >= '2025-01-01')) {
      const call = calls.get(`call:${record.symbol}:${record.periodYear}:${record.period}`);
      expect(call, `${record.symbol} ${record.periodYear} ${record.period}`).toBeDefined();
      expect(nyDate(call?.eventDate ?? NOW) >= record.date).toBe(true);
      expect(call?.eventStatus === 'upcoming').toBe(record.reportedAt === null);
    }
    const exDates = new Set(
      events.filter((e) => e.eventType === 'dividend_ex').map((e) => `${e.asset?.symbol} ${nyDate(e.eventDate)}`),
    );
    for (const dividend of dividends.filter((d) => d.exDate >= '2025-01-01'))
      expect(exDates.has(`${dividend.symbol} ${dividend.exDate}`)).toBe(true);
    for (const event of events.filter((e) => e.eventType === 'economic')) {
      expect(event.details?.actual === null, event.externalId).toBe(event.eventStatus === 'upcoming');
      expect(typeof event.details?.forecast).toBe('number');
    }
    const fed2025 = events.filter(
      (e) => e.eventType === 'economic_fed' && e.title.includes('Decision') && nyDate(e.eventDate).startsWith('2025'),
    );
    expect(fed2025.map((e) => e.details?.rateHigh)).toEqual([4.5, 4.5, 4.5, 4.5, 4.5, 4.25, 4, 3.75]);
    const ipos = events.filter((e) => e.eventType === 'ipo');
    expect(ipos.some((e) => e.eventStatus === 'upcoming')).toBe(true);
    expect(
      ipos.some((e) => e.eventStatus === 'closed' && NOW.getTime() - e.eventDate.getTime() < 60 * MS_PER_DAY),
    ).toBe(true);
  }, 60_000);

  it('points news about a call at the page of that call, whose files the market holds', () => {
    const CALL_NEWS = ['transcript', 'transcript_summary', 'live_call', 'recorded_call'];
    const callPages = new Set(files.map((file) => quarterPagePath(file.symbol, file.periodYear, file.period)));
    const callNews = news.filter((item) => CALL_NEWS.includes(item.newsType));
    expect(callNews.length).toBeGreaterThan(100);
    for (const item of callNews) {
      expect(item.url, item.externalId).toMatch(new RegExp(`^/quote/${item.symbols[0]}/\\d{4}/Q[1-4]$`));
      expect(callPages.has(item.url ?? ''), item.externalId).toBe(true);
    }
    expect(news.filter((item) => !CALL_NEWS.includes(item.newsType) && item.url !== null)).toEqual([]);
  });

  it('writes news from the market’s own events, typed and tagged, never from the future', () => {
    expect(news.length).toBeGreaterThan(5000);
    const ids = new Set(news.map((item) => item.externalId));
    expect(ids.size).toBe(news.length);
    for (const item of news) {
      expect(CONTENT_TYPES).toContain(item.newsType);
      expect(item.publishedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(item.body).toMatch(/^<p>.*<\/p>$/);
    }
    const types = new Set(news.map((item) => item.newsType));
    expect([...types].sort()).toEqual([...CONTENT_TYPES].sort());
    expect(news.filter((item) => item.tags.includes('top_stories')).length).toBeGreaterThan(500);
    const aaplResults = news.filter((item) => item.newsType === 'earnings_results' && item.symbols.includes('AAPL'));
    const aaplReports = earnings.filter(
      (record) => record.symbol === 'AAPL' && record.reportedAt && record.date >= '2025-01-01',
    );
    expect(aaplResults.length).toBeGreaterThanOrEqual(aaplReports.length);
    for (const report of aaplReports) {
      const item = aaplResults.find((candidate) => nyDate(candidate.publishedAt) === report.date);
      expect(item?.body, report.date).toContain(`$${report.epsActual?.toFixed(2)}`);
      expect(item?.title, report.date).toMatch(/Apple|AAPL/);
    }
    const rating = news.find((item) => item.tags.includes('analyst-ratings'));
    expect(FIRMS.some(([firm]) => rating?.title.startsWith(firm))).toBe(true);
    expect(news.some((item) => item.tags.includes('dividends'))).toBe(true);
    expect(news.some((item) => item.tags.includes('guidance'))).toBe(true);
    expect(news.some((item) => item.tags.includes('economy'))).toBe(true);
  }, 60_000);

  it('writes dates and figures in news as the pages show them: Nov 18, 2026, the minus sign, 3-digit amounts', () => {
    const day = nextTradingDay(addDays(TODAY, -3));
    const wrap = news.find((item) => item.externalId === `demo:wrap:${day}`);
    const [year, month, date] = day.split('-').map(Number);
    const spoken = `${MONTHS[(month ?? 0) - 1]} ${date}, ${year}`;
    expect(wrap?.summary).toBe(`How the market closed on ${spoken}.`);
    const texts = news.flatMap((item) => [item.title, item.summary ?? '', item.body ?? '']);
    expect(texts.filter((text) => /\d{4}-\d\d-\d\d/.test(text))).toEqual([]);
    expect(texts.filter((text) => /-\$|\$-/.test(text))).toEqual([]);
    const amounts = texts.flatMap((text) => [...text.matchAll(/\$([\d.,]+)[TBM]\b/g)].map((match) => match[1] ?? ''));
    expect(amounts.length).toBeGreaterThan(100);
    expect(amounts.filter((amount) => amount.replace(/\D/g, '').length !== 3)).toEqual([]);
  });

  it('has transcripts in sections with speakers and roles, and slides, recordings and releases', () => {
    const ids = new Set(files.map((file) => file.id));
    expect(ids.size).toBe(files.length);
    const callIds = new Set(events.filter((event) => event.eventType === 'call').map((event) => event.externalId));
    for (const file of files) {
      expect(file.date.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(callIds.has(file.eventExternalId ?? ''), file.id).toBe(true);
    }
    const transcripts = files.filter((file) => file.fileType === 'transcript');
    expect(new Set(transcripts.map((file) => file.symbol)).size).toBeGreaterThanOrEqual(50);
    const aapl = transcripts.filter((file) => file.symbol === 'AAPL');
    expect(aapl.length).toBeGreaterThanOrEqual(7);
    for (const file of transcripts) {
      const sections = file.content?.sections ?? [];
      expect(sections.map((section) => section.title)).toEqual(['Operator', 'Prepared Remarks', 'Q&A']);
      for (const paragraph of sections.flatMap((section) => section.paragraphs)) {
        expect(paragraph.speaker.length).toBeGreaterThan(0);
        expect(paragraph.role === null).toBe(paragraph.speaker === 'Operator');
        expect(paragraph.text.length).toBeGreaterThan(20);
      }
    }
    const types = new Set(files.map((file) => file.fileType));
    expect([...types].sort()).toEqual(['audio', 'report', 'slides', 'transcript']);
  }, 60_000);

  it('names no invented people at real companies: speakers are role titles, analysts go by their firm', () => {
    const roles = new Set([
      'Operator',
      'Head of Investor Relations',
      'Chief Executive Officer',
      'Chief Financial Officer',
    ]);
    for (const file of files.filter((item) => item.fileType === 'transcript')) {
      for (const paragraph of (file.content?.sections ?? []).flatMap((section) => section.paragraphs)) {
        const analyst = paragraph.role === 'Analyst' && paragraph.speaker.endsWith(' analyst');
        expect(roles.has(paragraph.speaker) || analyst, `${file.id}: ${paragraph.speaker}`).toBe(true);
      }
    }
    // "Apple's CEO is Dana Delacroix" read as fake: the names the demo once invented appear nowhere.
    const text = JSON.stringify([files, news]);
    for (const name of ['Delacroix', 'Kowalczyk', 'Thornbury', 'Adeyemi', 'Fairbanks'])
      expect(text).not.toContain(name);
  }, 60_000);
});
