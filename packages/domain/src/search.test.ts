import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import {
  buildSearchIndex,
  compareSearchAssets,
  naiveSearch,
  normalizeName,
  normalizeSymbol,
  prepareTypoSearch,
  SEARCH_MAX_RESULTS,
  SEARCH_TYPO_BEFORE_CONTAINS,
  type SearchAsset,
  type SearchAssetType,
  searchAssets,
  searchIndexStats,
  withinOneEdit,
} from './search.ts';

const asset = (
  symbol: string,
  name: string,
  popularity?: number,
  marketCap?: number,
  type: SearchAssetType = 'stock',
): SearchAsset => ({ symbol, name, type, popularity, marketCap });

/** A small market with the cases SPEC and users care about. */
const MARKET: SearchAsset[] = [
  asset('AAPL', 'Apple Inc.', 1000, 3.4e12),
  asset('APLE', 'Apple Hospitality REIT, Inc.', 20, 3.5e9),
  asset('GOOGL', 'Alphabet Inc. Class A', 900, 2.1e12),
  asset('GOOG', 'Alphabet Inc. Class C', 700, 2.1e12),
  asset('BA', 'Boeing Co', 400, 1.4e11),
  asset('BAC', 'Bank of America Corp', 500, 3.1e11),
  asset('BABA', 'Alibaba Group Holding Ltd', 450, 2.9e11),
  asset('BAX', 'Baxter International Inc.', 50, 1.7e10),
  asset('COIN', 'Coinbase Global, Inc.', 600, 8e10),
  asset('BRK.B', 'Berkshire Hathaway Inc. Class B', 650, 1e12),
  asset('BRK.A', 'Berkshire Hathaway Inc. Class A', 300, 1e12),
  asset('T', 'AT&T Inc.', 350, 1.9e11),
  asset('TSLA', 'Tesla, Inc.', 980, 1e12),
  asset('FNMA', 'Federal National Mortgage Association', 120, 1e10, 'otc'),
  asset('FMCC', 'Federal Home Loan Mortgage Corp', 100, 8e9, 'otc'),
  asset('BTC', 'Bitcoin', 990, 2e12, 'crypto'),
  asset('BTC', 'Grayscale Bitcoin Mini Trust ETF', 200, 4e9),
  asset('BCH', 'Bitcoin Cash', 150, 9e9, 'crypto'),
  asset('WBTC', 'Wrapped Bitcoin', 140, 1e10, 'crypto'),
  asset('ETH', 'Ethereum', 800, 4e11, 'crypto'),
  asset('SPX', 'S&P 500 Index', 850, undefined, 'index'),
  asset('NSRGY', 'Nestlé S.A.', 90, 2.5e11, 'otc'),
  asset('WAL', 'Western Alliance Bancorporation', 40, 7e9),
  asset('EGFEY', 'Eurobank Ergasias Services', 10, 8e9, 'otc'),
  asset('OZK', 'Bank OZK', 30, 5e9),
  asset('MCD', "McDonald's Corp", 420, 2.1e11),
  asset('NVDA', 'NVIDIA Corporation', 995, 4.4e12),
  asset('MSFT', 'Microsoft Corporation', 970, 3.7e12),
];

const symbolsOf = (assets: readonly SearchAsset[]) => assets.map((found) => found.symbol);

describe(normalizeSymbol.name, () => {
  it('unifies case and share-class separators', () => {
    for (const query of ['brk.b', 'BRK B', 'brk-b', 'BRK/B', ' brk_b ', '$BRK.B', 'brk..b']) {
      expect(normalizeSymbol(query), query).toBe('brk.b');
    }
    expect(normalizeSymbol('ABR$D')).toBe('abr$d');
    expect(normalizeSymbol('...')).toBe('');
  });
});

describe(normalizeName.name, () => {
  it('drops case, accents, apostrophes, periods and ampersands, and reads other punctuation as spaces', () => {
    expect(normalizeName('AT&T Inc.')).toBe('att inc');
    expect(normalizeName("McDonald's Corp")).toBe('mcdonalds corp');
    expect(normalizeName('Nestlé S.A.')).toBe('nestle sa');
    expect(normalizeName('Coca-Cola Co /DE/')).toBe('coca cola co de');
    expect(normalizeName('  Tesla,   Inc. ')).toBe('tesla inc');
    expect(normalizeName('三菱UFJ')).toBe('三菱ufj');
  });
});

describe(compareSearchAssets.name, () => {
  it('ranks by popularity, then market cap, then symbol', () => {
    const sorted = [
      asset('B', 'b', 1, 5),
      asset('A', 'a', 1, 5),
      asset('C', 'c', 2),
      asset('D', 'd', 1, 9),
      asset('E', 'e'),
    ].sort(compareSearchAssets);
    expect(symbolsOf(sorted)).toEqual(['C', 'D', 'A', 'B', 'E']);
  });
});

describe(searchAssets.name, () => {
  const index = buildSearchIndex(MARKET);
  const search = (query: string, limit?: number) => symbolsOf(searchAssets(index, query, { limit }));

  it('finds companies by name', () => {
    expect(search('apple')[0]).toBe('AAPL');
    expect(search('Apple Inc')[0]).toBe('AAPL');
    expect(search('boeing')[0]).toBe('BA');
    expect(search('coinbase')[0]).toBe('COIN');
    expect(search('nestle')).toEqual(['NSRGY']);
    expect(search("mcdonald's")).toEqual(['MCD']);
    expect(search('mcdonalds')).toEqual(['MCD']);
  });

  it('finds share classes however the separator is typed', () => {
    for (const query of ['brk.b', 'BRK B', 'brk-b', 'BRK/B', '$BRK.B']) {
      expect(search(query)[0], query).toBe('BRK.B');
    }
    expect(search('brk')).toEqual(['BRK.B', 'BRK.A']);
    expect(search('goog')).toEqual(['GOOG', 'GOOGL']);
    expect(search('alphabet')).toEqual(['GOOGL', 'GOOG']);
  });

  it('finds OTC symbols and crypto, with colliding tickers both ranked', () => {
    expect(search('FNMA')).toEqual(['FNMA']);
    expect(search('bitcoin')[0]).toBe('BTC');
    const btc = searchAssets(index, 'btc');
    expect(btc.slice(0, 2).map((found) => `${found.symbol}:${found.type}`)).toEqual(['BTC:crypto', 'BTC:stock']);
  });

  it('finds AT&T as at&t and att', () => {
    expect(search('at&t')[0]).toBe('T');
    expect(search('att')[0]).toBe('T');
    expect(search('AT&T Inc.')).toEqual(['T']);
  });

  it('puts the exact symbol first, even when less popular than prefix matches', () => {
    expect(search('ba')[0]).toBe('BA');
    expect(search('t')[0]).toBe('T');
  });

  it('puts name-prefix before word-start before mid-word matches', () => {
    // Popularity alone would order BAC, WAL, OZK, EGFEY.
    expect(search('bank')).toEqual(['BAC', 'OZK', 'EGFEY']);
    // Then 'bank', one typo away.
    expect(search('banc')).toEqual(['WAL', 'BAC', 'OZK']);
  });

  it('gives symbol-prefix matches about 60% of the slots and the rest to name matches', () => {
    const market = [
      ...Array.from({ length: 20 }, (_, i) => asset(`Q${String.fromCharCode(65 + i)}`, `Sym ${i}`, 100 - i)),
      ...Array.from({ length: 20 }, (_, i) => asset(`Z${i}`, `Quantum ${i}`, 50 - i)),
      asset('Q', 'Exact', 1),
    ];
    const found = symbolsOf(searchAssets(buildSearchIndex(market), 'q'));
    expect(found).toEqual(['Q', 'QA', 'QB', 'QC', 'QD', 'QE', 'Z0', 'Z1', 'Z2', 'Z3']);
    expect(symbolsOf(searchAssets(buildSearchIndex(market), 'q', { limit: 5 }))).toEqual(['Q', 'QA', 'QB', 'Z0', 'Z1']);
  });

  it('gives unfilled name slots to symbol matches and unfilled symbol slots to names', () => {
    const market = [
      ...Array.from({ length: 20 }, (_, i) => asset(`Q${String.fromCharCode(65 + i)}`, `Sym ${i}`, 100 - i)),
      asset('X1', 'Quantum', 1),
      ...Array.from({ length: 20 }, (_, i) => asset(`Y${i}`, `Yield ${i}`, 50 - i)),
    ];
    const index = buildSearchIndex(market);
    expect(symbolsOf(searchAssets(index, 'q'))).toEqual(['QA', 'QB', 'QC', 'QD', 'QE', 'QF', 'QG', 'QH', 'QI', 'X1']);
    expect(symbolsOf(searchAssets(index, 'yield'))).toHaveLength(SEARCH_MAX_RESULTS);
  });

  it('returns at most 10, honours smaller limits, and clamps larger ones', () => {
    const market = Array.from({ length: 50 }, (_, i) => asset(`AB${i}`, `Abc ${i}`, i));
    const index = buildSearchIndex(market);
    expect(searchAssets(index, 'ab')).toHaveLength(10);
    expect(searchAssets(index, 'ab', { limit: 50 })).toHaveLength(10);
    expect(searchAssets(index, 'ab', { limit: 3 })).toHaveLength(3);
    expect(searchAssets(index, 'ab', { limit: 0 })).toEqual([]);
    expect(searchAssets(index, 'ab', { limit: -2 })).toEqual([]);
    expect(symbolsOf(searchAssets(index, 'ab', { limit: 3 }))).toEqual(['AB49', 'AB48', 'AB47']);
  });

  it('ignores blank input', () => {
    for (const query of ['', ' ', '   \t', '...', '-/']) expect(search(query), JSON.stringify(query)).toEqual([]);
  });

  it('is case-insensitive', () => {
    expect(search('TESLA')).toEqual(search('tesla'));
    expect(search('tsla')).toEqual(['TSLA']);
  });

  it('misses cleanly', () => {
    expect(search('zzzzqx')).toEqual([]);
    expect(search('qz')).toEqual([]);
  });

  it('returns the assets it was given', () => {
    expect(searchAssets(index, 'aapl')[0]).toBe(MARKET[0]);
  });

  it('handles an empty universe', () => {
    expect(searchAssets(buildSearchIndex([]), 'a')).toEqual([]);
  });

  it('finds text outside the gram alphabet and deep inside long names', () => {
    const market = [
      asset('MUFG', '三菱UFJフィナンシャル・グループ', 10),
      asset('LONG', `${'Very long name '.repeat(30)}Needle Holdings`, 5),
      asset('NEED', 'Needle Corp', 1),
    ];
    const index = buildSearchIndex(market);
    expect(symbolsOf(searchAssets(index, '三菱'))).toEqual(['MUFG']);
    expect(symbolsOf(searchAssets(index, 'フィナンシャル'))).toEqual(['MUFG']);
    expect(symbolsOf(searchAssets(index, 'needle'))).toEqual(['NEED', 'LONG']);
    expect(symbolsOf(searchAssets(index, 'eedle hold'))).toEqual(['LONG']);
  });
});

describe(withinOneEdit.name, () => {
  it('allows one insertion, deletion, substitution or transposition of neighbours', () => {
    for (const [a, b] of [
      ['nvidia', 'nvidia'],
      ['nvdia', 'nvidia'],
      ['nvidia', 'nvdia'],
      ['nvidua', 'nvidia'],
      ['nvidai', 'nvidia'],
      ['mircosoft', 'microsoft'],
      ['brkb', 'brk.b'],
      ['aab', 'ab'],
    ] as const) {
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(true);
    }
    for (const [a, b] of [
      ['nvdiaa', 'nvidia'],
      ['nivdai', 'nvidia'],
      ['mcirosfot', 'microsoft'],
      ['abc', 'cab'],
      ['abcd', 'bcda'],
      ['aple', 'aapl'],
      ['ab', 'abcd'],
    ] as const) {
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(false);
    }
  });
});

describe(`${searchAssets.name} with a typo`, () => {
  const index = buildSearchIndex(MARKET);
  const search = (query: string, limit?: number) => symbolsOf(searchAssets(index, query, { limit }));

  it('finds the asset one edit away on a symbol or a name word', () => {
    expect(search('nvdia')[0]).toBe('NVDA');
    expect(search('mircosoft')[0]).toBe('MSFT');
    expect(search('berkshre')).toEqual(['BRK.B', 'BRK.A']);
    expect(search('Berkshre')).toEqual(['BRK.B', 'BRK.A']);
    expect(search('brkb')).toEqual(['BRK.B']);
    expect(search('msfy')).toEqual(['MSFT']);
  });

  it('keeps an exact symbol first: aple is APLE, then Apple', () => {
    expect(search('aple')).toEqual(['APLE', 'AAPL']);
    expect(search('aple', 1)).toEqual(['APLE']);
  });

  it('counts each kind of edit as one', () => {
    for (const query of ['nvdia', 'nviddia', 'nvidua', 'nvidai', 'nvdai', '$nvdia']) {
      expect(search(query), query).toEqual(['NVDA']);
    }
  });

  it('finds nothing two edits away', () => {
    for (const query of ['nvdiaa', 'nivdai', 'mcirosfot', 'berkhsrie']) expect(search(query), query).toEqual([]);
  });

  it('leaves words shorter than four characters alone', () => {
    // One edit from 'bac', 'bax', 'eth' and 'btc', which are too short to be typo matched.
    for (const query of ['bxc', 'bacx', 'etj', 'btcc']) expect(search(query), query).toEqual([]);
  });

  it('never takes the place of an exact or prefix match', () => {
    const market = [
      asset('ABCE', 'Most Popular Co', 1000),
      ...Array.from({ length: 12 }, (_, i) => asset(`ABCD${i}`, `Prefix ${i}`, 100 - i)),
      ...Array.from({ length: 12 }, (_, i) => asset(`N${i}`, `Abcdef ${i}`, 50 - i)),
    ];
    const found = symbolsOf(searchAssets(buildSearchIndex(market), 'abcd'));
    expect(found).toEqual(['ABCD0', 'ABCD1', 'ABCD2', 'ABCD3', 'ABCD4', 'ABCD5', 'N0', 'N1', 'N2', 'N3']);
    // With the name matches gone, symbol prefixes fill the slots before any typo match.
    const symbolsOnly = market.slice(0, 13);
    expect(symbolsOf(searchAssets(buildSearchIndex(symbolsOnly), 'abcd'))).not.toContain('ABCE');
    expect(symbolsOf(searchAssets(buildSearchIndex(symbolsOnly.slice(0, 5)), 'abcd'))).toEqual([
      'ABCD0',
      'ABCD1',
      'ABCD2',
      'ABCD3',
      'ABCE',
    ]);
  });

  it(`takes the places of at most ${SEARCH_TYPO_BEFORE_CONTAINS} name-contains matches, and is listed before them`, () => {
    const typos = [
      asset('APPL', 'Apple Foods', 100),
      asset('APLY', 'Apply Group', 90),
      asset('AMPL', 'Ample Co', 80),
      asset('ABLE', 'Able Co', 70),
    ];
    const contains = Array.from({ length: 10 }, (_, i) => asset(`M${i}`, `Maplewood ${i}`, 50 - i));
    const crowded = symbolsOf(searchAssets(buildSearchIndex([...typos, ...contains]), 'aple'));
    expect(crowded).toEqual(['APPL', 'APLY', 'AMPL', 'M0', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
    const roomy = symbolsOf(searchAssets(buildSearchIndex([...typos, ...contains.slice(0, 2)]), 'aple'));
    expect(roomy).toEqual(['APPL', 'APLY', 'AMPL', 'ABLE', 'M0', 'M1']);
  });

  it('returns at most 10', () => {
    const market = Array.from({ length: 30 }, (_, i) => asset(`X${i}`, `Wordy${String.fromCharCode(97 + (i % 26))}`));
    expect(searchAssets(buildSearchIndex(market), 'wordyy')).toHaveLength(SEARCH_MAX_RESULTS);
    expect(searchAssets(buildSearchIndex(market), 'wordyy', { limit: 4 })).toHaveLength(4);
  });
});

describe(searchIndexStats.name, () => {
  it('counts what the index holds', () => {
    const stats = searchIndexStats(buildSearchIndex(MARKET));
    expect(stats.assets).toBe(MARKET.length);
    expect(stats.symbolKeys).toBe(MARKET.length);
    expect(stats.wordSuffixes).toBeGreaterThan(MARKET.length);
    expect(stats.typedArrayBytes).toBeGreaterThan(0);
    expect(stats.typo).toBeNull();
  });

  it('counts the typo index once built', () => {
    const index = buildSearchIndex([asset('NVDA', 'NVIDIA Corporation'), asset('T', 'AT&T Inc.')]);
    prepareTypoSearch(index);
    // 'nvda', 'nvidia', 'corporation': each under itself and one key per run of equal characters.
    expect(searchIndexStats(index).typo).toMatchObject({ terms: 3, postings: 3, keys: 5 + 7 + 12 });
  });
});

describe(naiveSearch.name, () => {
  it('agrees with the examples', () => {
    expect(symbolsOf(naiveSearch(MARKET, 'goog'))).toEqual(['GOOG', 'GOOGL']);
    expect(symbolsOf(naiveSearch(MARKET, 'bank'))).toEqual(['BAC', 'OZK', 'EGFEY']);
    expect(naiveSearch(MARKET, ' ')).toEqual([]);
  });
});

/** A random universe dense in collisions: short symbols, few name words, shared popularity values. */
function randomUniverse(random: () => number, size: number): SearchAsset[] {
  const pick = <T>(items: ArrayLike<T>): T => items[Math.floor(random() * items.length)] as T;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words = [
    'Apple',
    'Bank',
    'Banco',
    'America',
    'Holdings',
    'Corp',
    'Inc.',
    'Group',
    'Global',
    'AT&T',
    'Alpha',
    'Alphabet',
    'Capital',
    'Coin',
    'Coinbase',
    'Bit',
    'Bitcoin',
    'Energy',
    'Pharma',
    'Nestlé',
    "O'Reilly",
    'Trust',
    'ETF',
    'Class A',
    'Class B',
    'Eurobank',
    'Western',
    'Micro',
    'Microsoft',
    'Soft',
    '3M',
    'S&P 500',
    'Zeta',
    'Quantum',
    '龙',
    '東京',
    'Москва',
    'Ørsted',
    // surrogate pairs and code units near the top of the range, where prefix heads pack the largest digits
    '𝄞Clef',
    '𝄞',
    '한국',
    '\uffefBom',
  ];
  const types: SearchAssetType[] = ['stock', 'stock', 'stock', 'otc', 'crypto', 'index'];
  return Array.from({ length: size }, () => {
    let symbol = '';
    const length = 1 + Math.floor(random() * 4);
    for (let i = 0; i < length; i += 1) symbol += pick(letters);
    if (random() < 0.1) symbol += `${pick(['.', '-', '/'])}${pick(['a', 'b'])}`;
    // the highest code unit, which a prefix range's end must still take in
    if (random() < 0.02) symbol += '\uffff';
    if (random() < 0.5) symbol = symbol.toUpperCase();
    const name = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join(
      random() < 0.2 ? ', ' : ' ',
    );
    return {
      symbol,
      name,
      type: pick(types),
      popularity: random() < 0.2 ? undefined : Math.floor(random() * 20),
      marketCap: random() < 0.3 ? undefined : Math.floor(random() * 5) * 1e9,
    };
  });
}

/** `text` with one random insertion, deletion, substitution or transposition. */
function oneEdit(random: () => number, text: string): string {
  const at = Math.floor(random() * Math.max(1, text.length));
  const letter = 'abcdefghijklmnopqrstuvwxyz'.charAt(Math.floor(random() * 26));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return text.slice(0, at) + letter + text.slice(at);
  if (kind === 1) return text.slice(0, at) + text.slice(at + 1);
  if (kind === 2) return text.slice(0, at) + letter + text.slice(at + 1);
  return text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
}

function randomQuery(random: () => number, universe: readonly SearchAsset[]): string {
  const pick = <T>(items: ArrayLike<T>): T => items[Math.floor(random() * items.length)] as T;
  const target = pick(universe);
  const kind = random();
  let query: string;
  if (kind < 0.3) query = target.symbol.slice(0, 1 + Math.floor(random() * target.symbol.length));
  else if (kind < 0.6) {
    const start = Math.floor(random() * target.name.length);
    query = target.name.slice(start, start + 1 + Math.floor(random() * 8));
  } else if (kind < 0.7) query = target.symbol.replace(/[./-]/g, pick([' ', '-', '/', '.']));
  else if (kind < 0.8) query = oneEdit(random, pick([target.symbol, ...target.name.split(/[ ,]+/)]));
  else if (kind < 0.9) {
    query = '';
    for (let i = 0, length = 1 + Math.floor(random() * 3); i < length; i += 1) query += pick('abcdefghiz &.');
  } else
    query = pick([
      '  ',
      '',
      'zzzzzz',
      'at&t',
      'nestle',
      'class',
      'bit',
      'b',
      'a',
      '3m',
      'ss a',
      '龙',
      '東',
      'ø',
      'мос',
      '𝄞',
      '𝄞c',
      '한',
    ]);
  return random() < 0.5 ? query.toUpperCase() : query;
}

describe(searchAssets.name, () => {
  it('agrees with naiveSearch on thousands of randomized queries over a collision-dense universe', () => {
    const random = seededRandom(20261123);
    for (let round = 0; round < 4; round += 1) {
      const universe = randomUniverse(random, 500 + round * 1500);
      const index = buildSearchIndex(universe);
      for (let i = 0; i < 1500; i += 1) {
        const query = randomQuery(random, universe);
        const limit = random() < 0.7 ? SEARCH_MAX_RESULTS : Math.floor(random() * 13);
        const fast = searchAssets(index, query, { limit });
        const naive = naiveSearch(universe, query, limit);
        if (fast.length !== naive.length || fast.some((found, position) => found !== naive[position])) {
          expect({ query, limit, fast: symbolsOf(fast) }).toEqual({ query, limit, fast: symbolsOf(naive) });
        }
      }
    }
  }, 60_000);
});
