/**
 * The economic calendar: US releases on their usual schedules (jobs report on the first Friday, CPI mid-month,
 * weekly jobless claims on Thursdays, GDP estimates after each quarter, …) with actual, forecast and previous
 * figures drawn from smooth seeded series; FOMC meetings (the Fed's published dates and decisions through 2026,
 * rule-based dates and seeded decisions after) with their minutes; and IPOs (real recent ones on their real
 * dates, plus seeded demo offerings around `now`).
 */
import { formatDate, formatDateRange, lastWeekdayOfMonth, nthWeekdayOfMonth } from '@eh/domain';
import type { EventRecord } from '../types.ts';
import { CH, choose, hashString, normal, uniform } from './rng.ts';
import type { DemoWorld } from './world.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const THURSDAY = 4;
const FRIDAY = 5;
const TUESDAY = 2;
const WEDNESDAY = 3;

interface Indicator {
  key: string;
  title: string;
  unit: string;
  importance: 'high' | 'medium';
  /** Level, slow amplitude, noise, decimals. */
  level: number;
  swing: number;
  noise: number;
  decimals: number;
}

const INDICATORS: Readonly<Record<string, Indicator>> = {
  payrolls: {
    key: 'payrolls',
    title: 'Nonfarm Payrolls',
    unit: 'K',
    importance: 'high',
    level: 150,
    swing: 60,
    noise: 45,
    decimals: 0,
  },
  unemployment: {
    key: 'unemployment',
    title: 'Unemployment Rate',
    unit: '%',
    importance: 'high',
    level: 4.2,
    swing: 0.3,
    noise: 0.05,
    decimals: 1,
  },
  cpi: {
    key: 'cpi',
    title: 'CPI (YoY)',
    unit: '%',
    importance: 'high',
    level: 2.8,
    swing: 0.5,
    noise: 0.1,
    decimals: 1,
  },
  coreCpi: {
    key: 'core-cpi',
    title: 'Core CPI (MoM)',
    unit: '%',
    importance: 'high',
    level: 0.25,
    swing: 0.05,
    noise: 0.07,
    decimals: 1,
  },
  ppi: {
    key: 'ppi',
    title: 'PPI (MoM)',
    unit: '%',
    importance: 'medium',
    level: 0.2,
    swing: 0.1,
    noise: 0.2,
    decimals: 1,
  },
  retail: {
    key: 'retail-sales',
    title: 'Retail Sales (MoM)',
    unit: '%',
    importance: 'high',
    level: 0.3,
    swing: 0.3,
    noise: 0.4,
    decimals: 1,
  },
  claims: {
    key: 'jobless-claims',
    title: 'Initial Jobless Claims',
    unit: 'K',
    importance: 'medium',
    level: 228,
    swing: 15,
    noise: 8,
    decimals: 0,
  },
  gdp: {
    key: 'gdp',
    title: 'GDP Growth Rate (QoQ, annualized)',
    unit: '%',
    importance: 'high',
    level: 2.1,
    swing: 1.0,
    noise: 0.8,
    decimals: 1,
  },
  pce: {
    key: 'pce',
    title: 'PCE Price Index (YoY)',
    unit: '%',
    importance: 'high',
    level: 2.6,
    swing: 0.4,
    noise: 0.1,
    decimals: 1,
  },
  ism: {
    key: 'ism-manufacturing',
    title: 'ISM Manufacturing PMI',
    unit: '',
    importance: 'medium',
    level: 49,
    swing: 2,
    noise: 1,
    decimals: 1,
  },
  confidence: {
    key: 'consumer-confidence',
    title: 'Consumer Confidence',
    unit: '',
    importance: 'medium',
    level: 100,
    swing: 6,
    noise: 3,
    decimals: 1,
  },
  sentiment: {
    key: 'umich-sentiment',
    title: 'Michigan Consumer Sentiment (Preliminary)',
    unit: '',
    importance: 'medium',
    level: 60,
    swing: 8,
    noise: 2,
    decimals: 1,
  },
  housing: {
    key: 'housing-starts',
    title: 'Housing Starts',
    unit: 'K',
    importance: 'medium',
    level: 1350,
    swing: 80,
    noise: 40,
    decimals: 0,
  },
};

/** The Fed's meetings (second day, when the statement comes at 14:00) and the target range's upper bound after them. */
const FOMC: readonly (readonly [string, number])[] = [
  ['2022-01-26', 0.25],
  ['2022-03-16', 0.5],
  ['2022-05-04', 1.0],
  ['2022-06-15', 1.75],
  ['2022-07-27', 2.5],
  ['2022-09-21', 3.25],
  ['2022-11-02', 4.0],
  ['2022-12-14', 4.5],
  ['2023-02-01', 4.75],
  ['2023-03-22', 5.0],
  ['2023-05-03', 5.25],
  ['2023-06-14', 5.25],
  ['2023-07-26', 5.5],
  ['2023-09-20', 5.5],
  ['2023-11-01', 5.5],
  ['2023-12-13', 5.5],
  ['2024-01-31', 5.5],
  ['2024-03-20', 5.5],
  ['2024-05-01', 5.5],
  ['2024-06-12', 5.5],
  ['2024-07-31', 5.5],
  ['2024-09-18', 5.0],
  ['2024-11-07', 4.75],
  ['2024-12-18', 4.5],
  ['2025-01-29', 4.5],
  ['2025-03-19', 4.5],
  ['2025-05-07', 4.5],
  ['2025-06-18', 4.5],
  ['2025-07-30', 4.5],
  ['2025-09-17', 4.25],
  ['2025-10-29', 4.0],
  ['2025-12-10', 3.75],
];
/** Published 2026 meeting dates; their decisions are the demo's. */
const FOMC_2026 = [
  '2026-01-28',
  '2026-03-18',
  '2026-04-29',
  '2026-06-17',
  '2026-07-29',
  '2026-09-16',
  '2026-10-28',
  '2026-12-09',
];

/** Real listings: [symbol, company, first trading day, IPO price, exchange, shares offered (M)]. */
const REAL_IPOS: readonly (readonly [string, string, string, number, string, number])[] = [
  ['KVUE', 'Kenvue Inc.', '2023-05-04', 22, 'NYSE', 172.8],
  ['CAVA', 'CAVA Group, Inc.', '2023-06-15', 22, 'NYSE', 14.4],
  ['ARM', 'Arm Holdings plc', '2023-09-14', 51, 'NASDAQ', 95.5],
  ['ALAB', 'Astera Labs, Inc.', '2024-03-20', 36, 'NASDAQ', 19.8],
  ['RDDT', 'Reddit, Inc.', '2024-03-21', 34, 'NYSE', 22],
  ['RBRK', 'Rubrik, Inc.', '2024-04-25', 32, 'NYSE', 23.5],
  ['VIK', 'Viking Holdings Ltd', '2024-05-01', 24, 'NYSE', 30.4],
  ['CRWV', 'CoreWeave, Inc.', '2025-03-28', 40, 'NASDAQ', 37.5],
  ['ETOR', 'eToro Group Ltd.', '2025-05-14', 52, 'NASDAQ', 11.9],
  ['CRCL', 'Circle Internet Group, Inc.', '2025-06-05', 31, 'NYSE', 34],
  ['CHYM', 'Chime Financial, Inc.', '2025-06-12', 27, 'NASDAQ', 32],
  ['FIG', 'Figma, Inc.', '2025-07-31', 33, 'NYSE', 36.9],
  ['KLAR', 'Klarna Group plc', '2025-09-10', 40, 'NYSE', 34.3],
  ['STUB', 'StubHub Holdings, Inc.', '2025-09-17', 23.5, 'NYSE', 34],
];

const DEMO_IPO_FIRST = [
  'Northwind',
  'Bluefin',
  'Clearwater',
  'Summit',
  'Ironbridge',
  'Lumen',
  'Harbor',
  'Redwood',
  'Polaris',
  'Cobalt',
  'Evergreen',
  'Granite',
];
const DEMO_IPO_SECOND = [
  'Robotics',
  'Payments',
  'Biosciences',
  'Energy',
  'Analytics',
  'Health',
  'Logistics',
  'Networks',
  'Foods',
  'Semiconductor',
  'Software',
  'Aerospace',
];

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function statusAt(now: number, start: number, minutes: number): EventRecord['eventStatus'] {
  if (now < start) return 'upcoming';
  return now < start + minutes * 60_000 ? 'live' : 'closed';
}

interface Release {
  indicator: Indicator;
  /** Period the figure describes (month or quarter index) and its label. */
  period: number;
  label: string;
  day: number;
  minute: number;
}

export class Economy {
  readonly #world: DemoWorld;

  constructor(world: DemoWorld) {
    this.#world = world;
  }

  #value(indicator: Indicator, period: number): number {
    const seed = this.#world.seed ^ hashString(indicator.key);
    const wave =
      Math.sin((2 * Math.PI * period) / 29 + uniform(seed, CH.economy, 1) * 6.28) * 0.7 +
      Math.sin((2 * Math.PI * period) / 11 + uniform(seed, CH.economy, 2) * 6.28) * 0.3;
    return round(
      indicator.level + indicator.swing * wave + indicator.noise * normal(seed, CH.economy, period),
      indicator.decimals,
    );
  }

  #day(year: number, month: number, date: number): number {
    return this.#world.calendar.day(`${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`);
  }

  /** A release day that falls on a closed day moves to the business day before (Thursday's claims to Wednesday). */
  #business(day: number): number {
    return this.#world.calendar.onOrBefore(day);
  }

  #releases(fromDay: number, toDay: number): Release[] {
    const { calendar } = this.#world;
    const releases: Release[] = [];
    const first = calendar.iso(fromDay);
    const last = calendar.iso(toDay);
    const firstMonth = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 2;
    const lastMonth = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7));
    for (let monthIndex = firstMonth; monthIndex <= lastMonth; monthIndex += 1) {
      const year = Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      const previous = monthIndex - 1;
      const label = `${MONTHS[previous % 12]} ${Math.floor(previous / 12)}`;
      const add = (
        indicator: Indicator | undefined,
        day: number,
        minute: number,
        period = previous,
        periodLabel = label,
      ) => {
        if (indicator) releases.push({ indicator, period, label: periodLabel, day, minute });
      };
      const jobsDay = this.#business(calendar.day(nthWeekdayOfMonth(year, month, FRIDAY, 1)));
      add(INDICATORS.payrolls, jobsDay, 510);
      add(INDICATORS.unemployment, jobsDay, 510);
      let cpiDay = this.#day(year, month, 10);
      while (calendar.weekday(cpiDay) !== WEDNESDAY) cpiDay += 1;
      cpiDay = this.#business(cpiDay);
      add(INDICATORS.cpi, cpiDay, 510);
      add(INDICATORS.coreCpi, cpiDay, 510);
      add(INDICATORS.ppi, calendar.nextTrading(cpiDay), 510);
      add(INDICATORS.retail, calendar.onOrAfter(this.#day(year, month, 15)), 510);
      add(INDICATORS.housing, calendar.onOrAfter(this.#day(year, month, 17)), 510);
      add(INDICATORS.pce, this.#business(calendar.day(lastWeekdayOfMonth(year, month, FRIDAY))), 510);
      add(INDICATORS.ism, calendar.onOrAfter(this.#day(year, month, 1)), 600, previous);
      add(
        INDICATORS.confidence,
        this.#business(calendar.day(lastWeekdayOfMonth(year, month, TUESDAY))),
        600,
        monthIndex,
        `${MONTHS[month - 1]} ${year}`,
      );
      add(
        INDICATORS.sentiment,
        this.#business(calendar.day(nthWeekdayOfMonth(year, month, FRIDAY, 2))),
        600,
        monthIndex,
        `${MONTHS[month - 1]} ${year}`,
      );
      // GDP: advance estimate late in the month after the quarter, then the second and third estimates.
      const sinceQuarter = (month - 1) % 3;
      const quarterIndex = Math.floor((monthIndex - 1 - sinceQuarter) / 3);
      const quarterLabel = `Q${(quarterIndex % 4) + 1} ${Math.floor(quarterIndex / 4)}`;
      const estimate = ['Advance', 'Second', 'Third'][sinceQuarter] ?? 'Advance';
      add(
        INDICATORS.gdp && { ...INDICATORS.gdp, title: `${INDICATORS.gdp.title} — ${estimate} estimate` },
        this.#business(calendar.day(lastWeekdayOfMonth(year, month, THURSDAY))),
        510,
        quarterIndex * 10 + sinceQuarter,
        quarterLabel,
      );
    }
    for (let day = fromDay - 7; day <= toDay; day += 1) {
      if (calendar.weekday(day) !== THURSDAY) continue;
      const indicator = INDICATORS.claims;
      if (indicator) {
        const label = `Week ending ${formatDate(calendar.iso(day - 5))}`;
        releases.push({ indicator, period: Math.floor(day / 7), label, day: this.#business(day), minute: 510 });
      }
    }
    return releases.filter((release) => release.day >= fromDay && release.day <= toDay);
  }

  /** Economic releases with a release day in [fromDay, toDay]. */
  economicEvents(fromDay: number, toDay: number): EventRecord[] {
    const { calendar, now } = this.#world;
    return this.#releases(fromDay, toDay).map((release) => {
      const { indicator } = release;
      const instant = calendar.nyInstant(release.day, release.minute);
      const released = instant <= now;
      const seed = this.#world.seed ^ hashString(indicator.key);
      const actual = this.#value(indicator, release.period);
      const forecast = round(
        actual + 0.6 * indicator.noise * normal(seed, CH.economy, release.period, 1),
        indicator.decimals,
      );
      const previous = this.#value(indicator, release.period - (indicator.key === 'gdp' ? 10 : 1));
      return {
        externalId: `economic:${indicator.key}:${calendar.iso(release.day)}`,
        eventType: 'economic',
        eventStatus: released ? 'closed' : 'upcoming',
        eventDate: new Date(instant),
        asset: null,
        title: `${indicator.title} (${release.label})`,
        description: null,
        details: {
          country: 'US',
          importance: indicator.importance,
          indicator: indicator.key,
          period: release.label,
          unit: indicator.unit,
          actual: released ? actual : null,
          forecast,
          previous,
        },
      } satisfies EventRecord;
    });
  }

  /** FOMC decisions (upper bound of the target range after each) from the first meeting to `toDay`. */
  #meetings(): { day: number; upper: number }[] {
    const { calendar } = this.#world;
    const meetings = FOMC.map(([date, upper]) => ({ day: calendar.day(date), upper }));
    let upper = FOMC.at(-1)?.[1] ?? 4;
    const lastKnown = Number((FOMC_2026.at(-1) ?? '2026').slice(0, 4));
    const days = [...FOMC_2026.map((date) => calendar.day(date))];
    const endYear = Number(calendar.iso(calendar.last).slice(0, 4));
    for (let year = lastKnown + 1; year <= endYear; year += 1) {
      const rule: readonly [number, 'last' | number][] = [
        [1, 'last'],
        [3, 3],
        [5, 1],
        [6, 2],
        [7, 'last'],
        [9, 3],
        [10, 'last'],
        [12, 2],
      ];
      for (const [month, nth] of rule) {
        const iso =
          nth === 'last' ? lastWeekdayOfMonth(year, month, WEDNESDAY) : nthWeekdayOfMonth(year, month, WEDNESDAY, nth);
        days.push(calendar.day(iso));
      }
    }
    for (const day of days) {
      if (day > calendar.last) break;
      const draw = uniform(this.#world.seed, CH.economy, 77, day);
      const change = draw < 0.3 && upper > 0.5 ? -0.25 : draw > 0.96 ? 0.25 : 0;
      upper = round(upper + change, 2);
      meetings.push({ day, upper });
    }
    return meetings;
  }

  /** FOMC statements (14:00, live through the press conference) and minutes (three weeks later) in [fromDay, toDay]. */
  fedEvents(fromDay: number, toDay: number): EventRecord[] {
    const { calendar, now } = this.#world;
    const events: EventRecord[] = [];
    const meetings = this.#meetings();
    meetings.forEach((meeting, index) => {
      const previous = meetings[index - 1]?.upper ?? meeting.upper;
      const change = round(meeting.upper - previous, 2);
      const decision = change < 0 ? 'cut' : change > 0 ? 'hike' : 'hold';
      const instant = calendar.nyInstant(meeting.day, 840);
      const happened = instant <= now;
      if (meeting.day >= fromDay && meeting.day <= toDay) {
        events.push({
          externalId: `economic_fed:fomc:${calendar.iso(meeting.day)}`,
          eventType: 'economic_fed',
          eventStatus: statusAt(now, instant, 90),
          eventDate: new Date(instant),
          asset: null,
          title: 'FOMC Interest Rate Decision',
          description: 'Federal Open Market Committee statement at 2:00 p.m., press conference at 2:30 p.m.',
          details: {
            country: 'US',
            importance: 'high',
            meetingStart: calendar.iso(meeting.day - 1),
            decision: happened ? decision : null,
            changeBps: happened ? Math.round(change * 100) : null,
            rateLow: happened ? round(meeting.upper - 0.25, 2) : null,
            rateHigh: happened ? meeting.upper : null,
            previousLow: round(previous - 0.25, 2),
            previousHigh: previous,
          },
        });
      }
      // Minutes come three weeks on: past toDay they are out of range, and past the calendar's end they can't be dated.
      if (meeting.day + 21 > toDay) return;
      const minutesDay = calendar.onOrAfter(meeting.day + 21);
      if (minutesDay >= fromDay && minutesDay <= toDay) {
        const minutesInstant = calendar.nyInstant(minutesDay, 840);
        events.push({
          externalId: `economic_fed:minutes:${calendar.iso(meeting.day)}`,
          eventType: 'economic_fed',
          eventStatus: minutesInstant <= now ? 'closed' : 'upcoming',
          eventDate: new Date(minutesInstant),
          asset: null,
          title: 'FOMC Meeting Minutes',
          description: `Minutes of the ${formatDateRange(calendar.iso(meeting.day - 1), calendar.iso(meeting.day))} meeting.`,
          details: { country: 'US', importance: 'medium', meeting: calendar.iso(meeting.day) },
        });
      }
    });
    return events;
  }

  /** IPOs pricing in [fromDay, toDay]: the real ones, and demo offerings (about one week in three). */
  ipoEvents(fromDay: number, toDay: number): EventRecord[] {
    const { calendar, now, seed } = this.#world;
    const events: EventRecord[] = [];
    const push = (
      symbol: string,
      company: string,
      day: number,
      price: number | null,
      range: [number, number],
      exchange: string,
      sharesMillions: number,
      demo: boolean,
    ) => {
      if (day < fromDay || day > toDay) return;
      const instant = calendar.nyInstant(day, 570);
      const listed = instant <= now;
      const listedAsset = this.#world.universe.byKey.get(`stock:${symbol}`);
      events.push({
        externalId: `ipo:${symbol}:${calendar.iso(day)}`,
        eventType: 'ipo',
        eventStatus: now < instant ? 'upcoming' : day === this.#world.today ? 'live' : 'closed',
        eventDate: new Date(instant),
        asset: listedAsset ? { symbol, type: 'stock' } : null,
        title: `${company} IPO`,
        description: demo
          ? `${company} (a demo company) plans to list on the ${exchange}.`
          : `${company} lists on the ${exchange}.`,
        details: {
          symbol,
          company,
          exchange,
          priceRangeLow: range[0],
          priceRangeHigh: range[1],
          ipoPrice: listed ? price : null,
          sharesOffered: Math.round(sharesMillions * 1e6),
          dealSize: price === null ? null : Math.round(price * sharesMillions * 1e6),
          demo,
        },
      });
    };
    for (const [symbol, company, date, price, exchange, shares] of REAL_IPOS) {
      push(
        symbol,
        company,
        calendar.day(date),
        price,
        [Math.round(price * 0.88), Math.round(price * 0.97)],
        exchange,
        shares,
        false,
      );
    }
    for (let week = Math.floor(fromDay / 7) - 1; week <= Math.floor(toDay / 7) + 1; week += 1) {
      if (uniform(seed, CH.economy, 500, week) > 0.33) continue;
      const first = choose(DEMO_IPO_FIRST, seed, CH.economy, 501, week);
      const second = choose(DEMO_IPO_SECOND, seed, CH.economy, 502, week);
      const symbol = `${first.slice(0, 2)}${second.slice(0, 2)}`.toUpperCase();
      const low = 12 + Math.floor(uniform(seed, CH.economy, 503, week) * 24);
      const price = low + Math.floor(uniform(seed, CH.economy, 504, week) * 6);
      const day = calendar.onOrAfter(week * 7 - 3 + 1 + Math.floor(uniform(seed, CH.economy, 505, week) * 3));
      push(
        symbol,
        `${first} ${second}, Inc.`,
        day,
        price,
        [low, low + 3],
        uniform(seed, CH.economy, 506, week) < 0.5 ? 'NASDAQ' : 'NYSE',
        8 + Math.floor(uniform(seed, CH.economy, 507, week) * 30),
        true,
      );
    }
    return events;
  }
}
