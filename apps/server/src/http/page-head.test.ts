import { describe, expect, it } from 'vitest';
import {
  PAGE_LOOKUP_MAX_ENTRIES,
  PAGE_LOOKUP_MAX_PATH,
  PAGE_LOOKUP_TTL_MS,
  type PageLookup,
  rememberedPageLookups,
} from './page-head.ts';

const FOUND: PageLookup = { status: 200, asset: null };

/** A lookup that counts its calls per address and fails where told. */
function countingLookup(failing: ReadonlySet<string> = new Set()) {
  const calls = new Map<string, number>();
  const lookUp = async (pathname: string): Promise<PageLookup> => {
    calls.set(pathname, (calls.get(pathname) ?? 0) + 1);
    if (failing.has(pathname)) throw new Error('database unreachable');
    return FOUND;
  };
  return { lookUp, calls };
}

describe(rememberedPageLookups.name, () => {
  it('looks a page up once a minute, however often it is asked for', async () => {
    let clock = 0;
    const { lookUp, calls } = countingLookup();
    const remembered = rememberedPageLookups(lookUp, () => clock);
    await Promise.all([remembered('/quote/AAPL'), remembered('/quote/AAPL')]);
    clock = PAGE_LOOKUP_TTL_MS - 1;
    expect(await remembered('/quote/AAPL')).toBe(FOUND);
    await remembered('/quote/MSFT');
    expect(Object.fromEntries(calls)).toEqual({ '/quote/AAPL': 1, '/quote/MSFT': 1 });
    clock = PAGE_LOOKUP_TTL_MS;
    await remembered('/quote/AAPL');
    expect(calls.get('/quote/AAPL')).toBe(2);
  });

  it('keeps no failed lookup: the next ask tries again', async () => {
    const { lookUp, calls } = countingLookup(new Set(['/quote/AAPL']));
    const remembered = rememberedPageLookups(lookUp, () => 0);
    await expect(remembered('/quote/AAPL')).rejects.toThrow('database unreachable');
    await expect(remembered('/quote/AAPL')).rejects.toThrow('database unreachable');
    expect(calls.get('/quote/AAPL')).toBe(2);
  });

  it('forgets the oldest page past its bound', async () => {
    const { lookUp, calls } = countingLookup();
    const remembered = rememberedPageLookups(lookUp, () => 0);
    for (let i = 0; i <= PAGE_LOOKUP_MAX_ENTRIES; i += 1) await remembered(`/quote/S${i}`);
    await remembered(`/quote/S${PAGE_LOOKUP_MAX_ENTRIES}`);
    await remembered('/quote/S1');
    await remembered('/quote/S0');
    expect([calls.get(`/quote/S${PAGE_LOOKUP_MAX_ENTRIES}`), calls.get('/quote/S1'), calls.get('/quote/S0')]).toEqual([
      1, 1, 2,
    ]);
  });

  it('remembers no address longer than its bound, so a flood of long ones holds no memory', async () => {
    const { lookUp, calls } = countingLookup();
    const remembered = rememberedPageLookups(lookUp, () => 0);
    const long = `/news/1/${'a'.repeat(PAGE_LOOKUP_MAX_PATH)}`;
    await remembered(long);
    await remembered(long);
    expect(calls.get(long)).toBe(2);
  });
});
