/**
 * Search inside calls on real transcripts (../shared/fixtures/real: Motley Fool 2019-2022 and Yahoo 2024-2026):
 * every call is stored as the product stores a transcript, indexed, and searched. Each relevance query below was
 * written from reading the calls: the call named must come first.
 */
import { connectDatabase, type DatabaseHandle, files } from '@eh/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexTranscripts } from '../../src/ingest/call-passages.ts';
import type { AppContext } from '../../src/kernel/context.ts';
import * as service from '../../src/modules/call-search/service.ts';
import { insertAsset } from '../integration/earnings-seed.ts';
import { motleyFool, motleyFoolNames, type Sections, yahooCalls, yahooSections } from './transcripts.ts';

interface Call extends Sections {
  id: string;
  symbol: string;
  periodYear: number;
  period: 'Q1' | 'Q2' | 'Q3' | 'Q4';
  date: Date;
}

/** A Motley Fool call (`AAP_q1_2021.json`), dated mid-quarter. */
function motleyFoolCall(name: string): Call {
  const [, symbol = '', quarter = 'q1', year = '2020'] = /^(.+)_(q\d)_(\d{4})\.json$/.exec(name) ?? [];
  const period = quarter.toUpperCase() as Call['period'];
  return {
    id: `real-${symbol}_${period}_${year}`,
    symbol,
    periodYear: Number(year),
    period,
    date: new Date(`${year}-${String(Number(period.slice(1)) * 3).padStart(2, '0')}-15T21:00:00Z`),
    ...motleyFool(name),
  };
}

/** The Yahoo calls; a call listed twice upstream is stored once. */
function yahooStoredCalls(): Call[] {
  const calls = new Map<string, Call>();
  for (const call of yahooCalls()) {
    const id = `real-${call.ticker}_${call.quarter}_${call.fiscalYear}`;
    const date = new Date(call.publishedDate.replace(/ E[SD]T$/, ''));
    calls.set(id, {
      id,
      symbol: call.ticker,
      periodYear: Number(call.fiscalYear),
      period: call.quarter as Call['period'],
      date: Number.isNaN(date.getTime()) ? new Date(`${call.fiscalYear}-06-01T00:00:00Z`) : date,
      ...yahooSections(call.content),
    });
  }
  return [...calls.values()];
}

const CALLS = [...motleyFoolNames().map(motleyFoolCall), ...yahooStoredCalls()];

/** [query, the call that must come first]: each written from reading that call. */
const FIRST: readonly (readonly [string, string])[] = [
  ['offshore wind', 'real-PEG_Q1_2021'],
  ['ransomware attack', 'real-WRK_Q1_2021'],
  ['combined ratio', 'real-AIG_Q1_2021'],
  ['Medicare cap', 'real-CHE_Q2_2020'],
  ['ground rent', 'real-ACC_Q3_2020'],
  ['"student housing" university', 'real-ACC_Q3_2020'],
  ['excess mortality', 'real-RGA_Q1_2021'],
  ['"boat shows"', 'real-HZO_Q1_2021'],
  ['"Salt Lake City"', 'real-MAA_Q1_2021'],
  ['battery cooling', 'real-DAN_Q2_2021'],
  ['ROSA knee hip', 'real-ZBH_Q1_2021'],
  ['snow removal', 'real-ALG_Q3_2021'],
  ['"Star Wars"', 'real-DIS_Q1_2022'],
  ['Bisnode', 'real-DNB_Q1_2021'],
  ['dry dock', 'real-FRO_Q1_2021'],
  ['safe digging', 'real-FSS_Q3_2021'],
  ['naval', 'real-GHM_Q1_2021'],
  ['"Big Sur"', 'real-H_Q2_2021'],
  ['mobile top-up', 'real-IDT_Q3_2021'],
  ['"zero sugar"', 'real-KO_Q3_2021'],
  ['"cross border" ecommerce', 'real-PBI_Q1_2021'],
  ['"Black & Decker"', 'real-SWK_Q3_2021'],
  ['vacation ownership contract sales', 'real-VAC_Q3_2021'],
  ['"Northern Virginia"', 'real-WRE_Q2_2020'],
  ['port authority', 'real-CCO_Q3_2020'],
  ['animal nutrition', 'real-ADM_Q1_2021'],
  ['"AutoNation USA"', 'real-AN_Q3_2020'],
  ['"Willis Towers Watson"', 'real-AON_Q2_2021'],
  ['category management', 'real-AAP_Q1_2021'],
  ['Reading Alloys', 'real-AME_Q1_2021'],
  ['"lower carbon"', 'real-CVX_Q4_2021'],
  ['Activision', 'real-MSFT_Q1_2025'],
  ['"diffusion rule"', 'real-NVDA_Q1_2026'],
  ['"robot army"', 'real-TSLA_Q3_2025'],
  // Q1 2025 says "Ray Ban Meta" four times, Q3 2025 "Ray-Ban Meta" three: one phrase to search.
  ['"Ray-Ban Meta"', 'real-META_Q1_2025'],
  ['"vertical GaN"', 'real-ON_Q4_2025'],
  ['"process control"', 'real-KLAC_Q2_2026'],
  ['"universal commerce protocol"', 'real-GOOGL_Q4_2025'],
  ['"quick commerce"', 'real-AMZN_Q4_2025'],
  ['Trainium', 'real-AMZN_Q3_2025'],
  ['"DGX Station"', 'real-NVDA_Q1_2026'],
  ['"reticle size"', 'real-TSM_Q1_2026'],
  ['"direct attach copper"', 'real-AVGO_Q1_2026'],
  ['"personal electronics"', 'real-STM_Q4_2025'],
  ['"home entertainment"', 'real-6758.T_Q3_2026'],
];

let handle: DatabaseHandle;
let ctx: AppContext;
const search = (q: string, extra: Record<string, unknown> = {}) =>
  service.search(ctx, { q, sort: 'relevance', ...extra } as Parameters<typeof service.search>[1], undefined);

beforeAll(async () => {
  handle = await connectDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  ctx = { db: handle.db } as AppContext;
  const assetIds = new Map<string, number>();
  for (const call of CALLS) {
    if (!assetIds.has(call.symbol))
      assetIds.set(call.symbol, await insertAsset(handle.db, { symbol: call.symbol, name: `${call.symbol} company` }));
    await handle.db.insert(files).values({
      id: call.id,
      assetId: assetIds.get(call.symbol) as number,
      symbol: call.symbol,
      type: 'transcript',
      periodYear: call.periodYear,
      period: call.period,
      title: `${call.symbol} ${call.period} ${call.periodYear} call`,
      date: call.date,
      content: { sections: call.sections },
      source: 'real',
    });
  }
  await indexTranscripts(handle.db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('search inside real calls', () => {
  it('holds every call, stored once', () => {
    expect(CALLS.length).toBe(36 + 63);
    expect(FIRST.length).toBeGreaterThanOrEqual(30);
  });

  it.each(FIRST)('%s: %s comes first', async (query, first) => {
    const result = await search(query);
    expect(result.calls[0]?.callId).toBe(first);
    expect(result.calls[0]?.snippets.some((snippet) => snippet.parts.some((part) => part.hit))).toBe(true);
  });

  it('puts the company named by its symbol first', async () => {
    const result = await search('NVDA gigawatt');
    expect(result.query).toBe('gigawatt');
    const named = result.calls.filter((call) => call.named).map((call) => call.symbol);
    expect(new Set(named)).toEqual(new Set(['NVDA']));
    expect(result.calls.slice(0, named.length).every((call) => call.symbol === 'NVDA')).toBe(true);
  });

  it('narrows to the analysts: a question of theirs, not the answer', async () => {
    const result = await search('"ransomware attack"', { role: 'analyst' });
    for (const call of result.calls)
      for (const snippet of call.snippets) expect(snippet.role, call.callId).toBe('analyst');
  });

  it('excludes by passage: offshore wind said without PSEG in the same passage', async () => {
    const all = await search('offshore wind');
    const without = await search('offshore wind -PSEG');
    expect(without.calls[0]?.callId).toBe('real-PEG_Q1_2021');
    expect(without.calls[0]?.mentions).toBeLessThan(all.calls[0]?.mentions ?? 0);
    for (const call of without.calls)
      for (const snippet of call.snippets) expect(snippet.parts.map((part) => part.text).join('')).not.toMatch(/pseg/i);
  });
});
