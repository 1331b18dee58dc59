/**
 * SEC filings on real cadences for companies with a CIK: an 8-K with Items 2.02 and 9.01 on every earnings
 * release, 10-Qs three times a year and the 10-K once, the proxy (DEF 14A) yearly and its meeting's 8-K (Item
 * 5.07), frequent Form 4s, Schedule 13G amendments each February (filed as 'SC 13G/A' until 2024 and
 * 'SCHEDULE 13G/A' since EDGAR's 2025 forms), the odd other 8-K, S-1s before a listing and a rare 425. Foreign
 * private issuers file 20-F and 6-K, Canadian ones 40-F and 6-K. Accession numbers are marked as demo ones and
 * URLs open the company's real EDGAR filing list.
 */
import { filingKindOfForm } from '@eh/domain';
import type { FilingRecord } from '../types.ts';
import type { Quarter } from './earnings.ts';
import { CH, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { DemoWorld } from './world.ts';

/** EDGAR's Schedule 13D/G forms were renamed when filings moved to structured data (December 2024). */
const SCHEDULE_FORMS_RENAMED = '2024-12-19';

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '10-K': 'Annual report',
  '10-Q': 'Quarterly report',
  '8-K': 'Current report',
  '20-F': 'Annual report of a foreign private issuer',
  '40-F': 'Annual report of a Canadian issuer',
  '6-K': 'Report of a foreign private issuer',
  'DEF 14A': 'Definitive proxy statement',
  '4': 'Statement of changes in beneficial ownership',
  'SC 13G/A': 'Amended statement of beneficial ownership by an institutional investor',
  'SCHEDULE 13G/A': 'Amended statement of beneficial ownership by an institutional investor',
  'S-1': 'Registration statement',
  'S-1/A': 'Amended registration statement',
  '425': 'Communication about a business combination',
};

const ITEM_NAMES: Readonly<Record<string, string>> = {
  '2.02': 'Results of Operations and Financial Condition',
  '5.02': 'Departure or Appointment of Directors or Officers',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

/** The company's filing list on EDGAR, filtered to one form: a page that exists for every real CIK. */
export function edgarBrowseUrl(cik: string, form: string): string {
  const type = encodeURIComponent(form.replace(/\/A$/, ''));
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${cik}&type=${type}&dateb=&owner=include&count=40`;
}

interface Draft {
  day: number;
  minute: number;
  form: string;
  items?: string[];
  periodEnd?: number | null;
}

/** Filings of a company filed in [fromDay, toDay] (and by now), ascending by date. */
export function filingsOf(
  world: DemoWorld,
  asset: DemoAsset,
  quarters: readonly Quarter[],
  fromDay: number,
  toDay: number,
): FilingRecord[] {
  const cik = asset.cik;
  if (cik === null || asset.annualForm === null) return [];
  const { calendar } = world;
  const seed = world.seed ^ asset.companySeed;
  const trait = (key: number) => uniform(seed, CH.filings, 0, key);
  const drafts: Draft[] = [];
  const foreign = asset.annualForm !== '10-K';
  const tenQLag = Math.floor(trait(1) * 5);
  const tenKLag = 4 + Math.floor(trait(2) * 20);
  const proxyLag = 70 + Math.floor(trait(3) * 40);
  const formFourRate = asset.householdRank !== null ? 0.3 : 0.13;

  for (const quarter of quarters) {
    if (quarter.instant > world.now) continue;
    const releaseDay = calendar.isTrading(quarter.day) ? quarter.day : calendar.nextTrading(quarter.day);
    const releaseMinute =
      releaseDay === quarter.day
        ? quarter.minute + 2 + Math.floor(uniform(seed, CH.filings, quarter.monthIndex, 1) * 6)
        : 420;
    if (foreign) {
      drafts.push({ day: releaseDay, minute: releaseMinute, form: '6-K', periodEnd: quarter.periodEnd });
      if (quarter.period === 'Q4') {
        const annualDay = calendar.onOrAfter(quarter.periodEnd + 85 + Math.floor(trait(4) * 35));
        drafts.push({ day: annualDay, minute: 960 + 10, form: asset.annualForm, periodEnd: quarter.periodEnd });
      }
      continue;
    }
    drafts.push({
      day: releaseDay,
      minute: releaseMinute,
      form: '8-K',
      items: ['2.02', '9.01'],
      periodEnd: quarter.periodEnd,
    });
    if (quarter.period === 'Q4') {
      const deadline = calendar.onOrBefore(quarter.periodEnd + 60);
      const annualDay = Math.min(deadline, Math.max(releaseDay, calendar.onOrAfter(releaseDay + tenKLag)));
      drafts.push({ day: annualDay, minute: 960 + 5, form: '10-K', periodEnd: quarter.periodEnd });
      const proxyDay = calendar.onOrAfter(quarter.periodEnd + proxyLag);
      drafts.push({ day: proxyDay, minute: 480 + 30, form: 'DEF 14A' });
      drafts.push({
        day: calendar.onOrAfter(proxyDay + 36 + Math.floor(trait(5) * 10)),
        minute: 960 + 15,
        form: '8-K',
        items: ['5.07'],
      });
    } else {
      const day = tenQLag === 0 ? releaseDay : calendar.onOrAfter(releaseDay + tenQLag);
      drafts.push({
        day,
        minute: tenQLag === 0 ? releaseMinute + 30 : 960 + 10,
        form: '10-Q',
        periodEnd: quarter.periodEnd,
      });
    }
    const other = uniform(seed, CH.filings, quarter.monthIndex, 2);
    if (other < 0.35) {
      const items = other < 0.12 ? ['5.02'] : other < 0.24 ? ['8.01'] : ['7.01', '9.01'];
      drafts.push({
        day: calendar.onOrAfter(releaseDay + 15 + Math.floor(other * 100)),
        minute: 960 + 20,
        form: '8-K',
        items,
      });
    }
  }

  // Week by week: insiders' Form 4s; each February the index funds' 13G amendments; rarely a merger's 425s.
  const firstWeek = Math.floor((fromDay + 3) / 7);
  const lastWeek = Math.floor((toDay + 3) / 7);
  for (let week = firstWeek; week <= lastWeek; week += 1) {
    const monday = week * 7 - 3;
    const draw = (salt: number) => uniform(seed, CH.filings, week, 100 + salt);
    if (!foreign && draw(1) < formFourRate) {
      const day = calendar.onOrAfter(monday + Math.floor(draw(2) * 5));
      drafts.push({ day, minute: 960 + Math.floor(draw(3) * 90), form: '4' });
      if (draw(4) < 0.3) drafts.push({ day, minute: 960 + 95 + Math.floor(draw(5) * 60), form: '4' });
    }
    const iso = calendar.iso(monday);
    if (!foreign && iso.slice(5, 7) === '02' && Number(iso.slice(8, 10)) <= 7) {
      for (let filer = 0; filer < 2; filer += 1) {
        if (draw(10 + filer) < 0.55) {
          const day = calendar.onOrAfter(monday + Math.floor(draw(20 + filer) * 5));
          const form = calendar.iso(day) >= SCHEDULE_FORMS_RENAMED ? 'SCHEDULE 13G/A' : 'SC 13G/A';
          drafts.push({ day, minute: 600 + filer * 30, form });
        }
      }
    }
    if (!foreign && draw(30) < 0.0008) {
      for (let step = 0; step < 3; step += 1)
        drafts.push({ day: calendar.onOrAfter(monday + step * 12), minute: 1020, form: '425' });
    }
  }

  // Companies that listed recently registered first: an S-1 and its amendments.
  if (!foreign && asset.listedSince !== null) {
    const listed = calendar.day(asset.listedSince);
    drafts.push({ day: calendar.onOrBefore(listed - 62), minute: 1000, form: 'S-1' });
    drafts.push({ day: calendar.onOrBefore(listed - 21), minute: 1000, form: 'S-1/A' });
    drafts.push({ day: calendar.onOrBefore(listed - 6), minute: 1000, form: 'S-1/A' });
  }

  drafts.sort((a, b) => a.day - b.day || a.minute - b.minute);
  const records: FilingRecord[] = [];
  const perDay = new Map<number, number>();
  for (const draft of drafts) {
    const acceptedAt = calendar.nyInstant(draft.day, draft.minute);
    if (draft.day < fromDay || draft.day > toDay || acceptedAt > world.now) continue;
    const sequence = (perDay.get(draft.day) ?? 0) + 1;
    perDay.set(draft.day, sequence);
    const date = calendar.iso(draft.day);
    const items = draft.items ?? [];
    const itemText = items.map((item) => `Item ${item} ${ITEM_NAMES[item] ?? ''}`.trim()).join('; ');
    records.push({
      asset: { symbol: asset.symbol, type: asset.type },
      cik,
      accessionNumber: `demo-${cik}-${date.replaceAll('-', '')}-${String(sequence).padStart(2, '0')}`,
      form: draft.form,
      kind: filingKindOfForm(draft.form),
      filedDate: date,
      acceptedAt: new Date(acceptedAt),
      periodOfReport: draft.periodEnd ? calendar.iso(draft.periodEnd) : null,
      items,
      primaryDocument: null,
      description: itemText || (DESCRIPTIONS[draft.form] ?? null),
      url: edgarBrowseUrl(cik, draft.form),
    });
  }
  return records;
}
