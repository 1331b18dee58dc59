/**
 * Symbol search (SPEC §5, §9).
 *
 * At most {@link SEARCH_MAX_RESULTS} results, in tiers:
 * 1. exact symbol matches;
 * 2. symbol-prefix matches, filling the symbol share of the slots (about 60 %, exact matches included);
 * 3. name matches: names starting with the query, then names with a word starting with it, then names holding it
 *    anywhere;
 * 4. if the name tiers leave slots empty, more symbol-prefix matches fill them (and name matches fill slots the
 *    symbol tiers could not).
 * 5. typo matches (SPEC is silent): assets with a symbol or name word of {@link SEARCH_TYPO_MIN_LENGTH}+
 *    characters one edit (insertion, deletion, substitution, transposition of neighbours) from a query of that
 *    length ('nvdia' finds NVIDIA, 'mircosoft' Microsoft, 'brkb' BRK.B). They take only slots the tiers above
 *    leave, plus the places of up to {@link SEARCH_TYPO_BEFORE_CONTAINS} of the last name-contains matches (so
 *    'aple' shows Apple beside the many names holding 'aple'), and are listed before the name-contains matches.
 *    A multi-word query is typo matched only in its symbol form.
 * An asset appears once, in the first tier that takes it. Within a tier assets rank by popularity, then market
 * cap (both descending), then symbol: every typo match is one edit away, so popularity alone orders them. Blank
 * input gives no results.
 *
 * Matching is case-insensitive. Symbols are compared with their separators unified ('BRK.B', 'brk-b', 'BRK/B' and
 * 'brk b' are one symbol; a leading '$' cashtag is dropped). Names are compared without accents, apostrophes,
 * periods and ampersands ('AT&T Inc.' is 'att inc', so 'at&t' and 'att' find it), other punctuation read as a
 * space.
 *
 * {@link buildSearchIndex} does the work once so that a query costs microseconds over 80,000+ assets:
 * - assets are numbered by rank (the tie-break order above), so "best first" is "smallest number first";
 * - normalised symbols, names and the word-start suffixes of names are kept in sorted arrays: a prefix is a
 *   contiguous range found by binary search;
 * - a segment tree of ranks over each sorted array yields the best-ranked entries of a range one at a time
 *   (O(log n) each), so a range of thousands is never sorted or scanned;
 * - name-contains uses, for one- and two-character queries, the best {@link SEARCH_MAX_RESULTS} names holding each
 *   character pair; for longer queries (or characters outside a-z, 0-9 and space) posting lists in rank order, of
 *   trigrams and of non-Latin characters: the shortest list that covers the query is walked in rank order and
 *   stops as soon as the slots are full.
 * - typo matches use a deletion neighbourhood (SymSpell-style) of hashed keys, built on the first query that
 *   reaches them (see {@link TypoIndex}).
 * Building sorts without comparison callbacks (a multikey quicksort over character codes for the keys, a radix
 * sort for the rank order), about 0.2–0.5 s for 80,000 assets. {@link naiveSearch} is the plain filter-and-sort
 * reference the index must agree with.
 */

/** SPEC §3 asset types that search covers (cash is not searchable). */
export const SEARCH_ASSET_TYPES = ['stock', 'crypto', 'otc', 'index'] as const;
export type SearchAssetType = (typeof SEARCH_ASSET_TYPES)[number];

export interface SearchAsset {
  symbol: string;
  name: string;
  type: SearchAssetType;
  marketCap?: number;
  popularity?: number;
  exchange?: string;
}

/** SPEC §9: search returns at most 10 results … */
export const SEARCH_MAX_RESULTS = 10;
/** … of which about 60 % go to symbol matches (exact and prefix). */
export const SEARCH_SYMBOL_SHARE = 0.6;
/** Typo matching: a query of at least this many characters finds symbols and name words this long. */
export const SEARCH_TYPO_MIN_LENGTH = 4;
/** Typo matches may take the places of this many of the last name-contains matches (more only fill free slots). */
export const SEARCH_TYPO_BEFORE_CONTAINS = 3;

export interface SearchOptions {
  /** 0–10, default 10; values above 10 are clamped */
  limit?: number;
}

// ---- normalisation ---------------------------------------------------------------------------------------------

const SYMBOL_SEPARATORS = /[\s./\-_]+/g;
const EDGE_DOTS = /^\.+|\.+$/g;
const NON_ASCII = /[^ -~]/;
const COMBINING_MARKS = /\p{M}/gu;
const NAME_JOINERS = /['’.&]/g;
const NAME_SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** A symbol (or a query read as one) as search compares it: lowercase, separators unified to '.'. */
export function normalizeSymbol(symbol: string): string {
  let value = symbol.trim().toLowerCase();
  if (value.startsWith('$')) value = value.slice(1);
  return value.replace(SYMBOL_SEPARATORS, '.').replace(EDGE_DOTS, '');
}

/** A name (or a query read as one) as search compares it: lowercase words of letters and digits. */
export function normalizeName(name: string): string {
  let value = name.toLowerCase();
  if (NON_ASCII.test(value)) value = value.normalize('NFKD').replace(COMBINING_MARKS, '');
  return value.replace(NAME_JOINERS, '').replace(NAME_SEPARATORS, ' ').trim();
}

function score(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) ? value : 0;
}

/** Rank order within a tier: popularity, then market cap (descending), then symbol. */
export function compareSearchAssets(a: SearchAsset, b: SearchAsset): number {
  return (
    score(b.popularity) - score(a.popularity) ||
    score(b.marketCap) - score(a.marketCap) ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)
  );
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || Number.isNaN(limit)) return SEARCH_MAX_RESULTS;
  return Math.max(0, Math.min(SEARCH_MAX_RESULTS, Math.floor(limit)));
}

function symbolSlots(limit: number): number {
  return Math.round(limit * SEARCH_SYMBOL_SHARE);
}

/**
 * The selection shared by both implementations. Each source yields candidates (as numbers) best first and -1 when
 * done; `symbols` is resumed after the name tiers to fill what they left. Typo matches come last: they take the
 * slots every other tier left and the places of up to {@link SEARCH_TYPO_BEFORE_CONTAINS} of the last name-contains
 * matches, never a prefix match's, and are listed before the name-contains matches. An asset that is both a
 * name-contains and a typo match counts as a typo match.
 */
function select(
  limit: number,
  exact: () => number,
  symbols: () => number,
  names: ReadonlyArray<() => number>,
  contains: () => number,
  typos: () => number,
): number[] {
  const picked: number[] = [];
  const take = (source: () => number, into: number[], total: number) => {
    while (picked.length < total) {
      const candidate = source();
      if (candidate < 0) return;
      if (picked.includes(candidate)) continue;
      picked.push(candidate);
      into.push(candidate);
    }
  };
  const exactPicks: number[] = [];
  const symbolPicks: number[] = [];
  const namePicks: number[] = [];
  const containsPicks: number[] = [];
  take(exact, exactPicks, limit);
  take(symbols, symbolPicks, symbolSlots(limit));
  for (const source of names) take(source, namePicks, limit);
  take(contains, containsPicks, limit);
  take(symbols, symbolPicks, limit);

  const free = limit - picked.length;
  const budget = free + Math.min(SEARCH_TYPO_BEFORE_CONTAINS, containsPicks.length);
  const typoPicks: number[] = [];
  while (budget > 0 && typoPicks.length < budget) {
    const candidate = typos();
    if (candidate < 0) break;
    const containsAt = containsPicks.indexOf(candidate);
    if (containsAt >= 0) containsPicks.splice(containsAt, 1);
    else if (picked.includes(candidate)) continue;
    else picked.push(candidate);
    typoPicks.push(candidate);
  }
  // Typo matches beyond the free slots take the places of the last name-contains matches.
  containsPicks.length = Math.min(
    containsPicks.length,
    limit - exactPicks.length - symbolPicks.length - namePicks.length - typoPicks.length,
  );
  return [...exactPicks, ...symbolPicks, ...namePicks, ...typoPicks, ...containsPicks];
}

const NONE = () => -1;

function fromList(list: ArrayLike<number>): () => number {
  let next = 0;
  return () => (next < list.length ? (list[next++] ?? -1) : -1);
}

// ---- the reference implementation ------------------------------------------------------------------------------

interface NaiveRecord<T> {
  asset: T;
  index: number;
  symbol: string;
  name: string;
  /** what a typo can be made on */
  terms: string[];
}

const naiveRecords = new WeakMap<readonly SearchAsset[], NaiveRecord<SearchAsset>[]>();

function recordsOf<T extends SearchAsset>(assets: readonly T[]): NaiveRecord<T>[] {
  let records = naiveRecords.get(assets) as NaiveRecord<T>[] | undefined;
  if (records === undefined || records.length !== assets.length) {
    records = assets.map((asset, index) => {
      const symbol = normalizeSymbol(asset.symbol);
      const name = normalizeName(asset.name);
      return { asset, index, symbol, name, terms: typoTerms(symbol, name) };
    });
    naiveRecords.set(assets, records);
  }
  return records;
}

/**
 * Reference search: filter every asset, sort the matches, take the tiers. Same results as {@link searchAssets}
 * and the baseline of the benchmark. Normalised symbols and names are remembered per array (as any real
 * implementation would keep them), so a query costs one pass and one sort; an array changed in place after a
 * first search is not re-read unless its length changed.
 */
export function naiveSearch<T extends SearchAsset>(
  assets: readonly T[],
  query: string,
  limit: number = SEARCH_MAX_RESULTS,
): T[] {
  const max = clampLimit(limit);
  const symbolQuery = normalizeSymbol(query);
  const nameQuery = normalizeName(query);
  if (max === 0 || (symbolQuery === '' && nameQuery === '')) return [];
  const wordQuery = ` ${nameQuery}`;
  const typoForms = typoQueryForms(symbolQuery, nameQuery);
  const typoMatched = new Set<NaiveRecord<T>>();
  if (typoForms.length > 0) {
    for (const record of recordsOf(assets)) {
      if (record.terms.some((term) => typoForms.some((form) => withinOneEdit(form, term)))) typoMatched.add(record);
    }
  }

  const matches = recordsOf(assets).filter(
    (record) =>
      (symbolQuery !== '' && record.symbol.startsWith(symbolQuery)) ||
      (nameQuery !== '' && record.name.includes(nameQuery)) ||
      typoMatched.has(record),
  );
  matches.sort((a, b) => compareSearchAssets(a.asset, b.asset) || a.index - b.index);

  const exact: number[] = [];
  const symbolPrefix: number[] = [];
  const namePrefix: number[] = [];
  const nameWord: number[] = [];
  const nameContains: number[] = [];
  const typos: number[] = [];
  matches.forEach((record, position) => {
    if (symbolQuery !== '' && record.symbol.startsWith(symbolQuery)) {
      if (record.symbol === symbolQuery) exact.push(position);
      symbolPrefix.push(position);
    }
    if (nameQuery !== '' && record.name.includes(nameQuery)) {
      if (record.name.startsWith(nameQuery)) namePrefix.push(position);
      if (` ${record.name}`.includes(wordQuery)) nameWord.push(position);
      nameContains.push(position);
    }
    if (typoMatched.has(record)) typos.push(position);
  });
  const chosen = select(
    max,
    fromList(exact),
    fromList(symbolPrefix),
    [fromList(namePrefix), fromList(nameWord)],
    fromList(nameContains),
    fromList(typos),
  );
  return chosen.map((position) => (matches[position] as NaiveRecord<T>).asset);
}

// ---- typo matching -----------------------------------------------------------------------------------------------

/** The forms of a query that typo matching looks up: the symbol form and a one-word name form, if long enough. */
function typoQueryForms(symbolQuery: string, nameQuery: string): string[] {
  const forms: string[] = [];
  if (symbolQuery.length >= SEARCH_TYPO_MIN_LENGTH) forms.push(symbolQuery);
  if (nameQuery.length >= SEARCH_TYPO_MIN_LENGTH && !nameQuery.includes(' ') && nameQuery !== symbolQuery) {
    forms.push(nameQuery);
  }
  return forms;
}

/** What a typo can be made on: the normalised symbol and the name's words, each of the minimum length or longer. */
function typoTerms(symbol: string, name: string): string[] {
  const terms = name === '' ? [] : name.split(' ');
  terms.push(symbol);
  return terms.filter((term) => term.length >= SEARCH_TYPO_MIN_LENGTH);
}

/**
 * Whether one edit at most turns `a` into `b`: an insertion, a deletion, a substitution or the transposition of two
 * neighbouring characters (optimal string alignment distance <= 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA - lengthB > 1 || lengthB - lengthA > 1) return false;
  let start = 0;
  while (start < lengthA && start < lengthB && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  let endA = lengthA;
  let endB = lengthB;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return (
    restA === 2 &&
    restB === 2 &&
    a.charCodeAt(start) === b.charCodeAt(start + 1) &&
    a.charCodeAt(start + 1) === b.charCodeAt(start)
  );
}

/**
 * The typo index, a deletion neighbourhood (as in SymSpell) for one edit: every term (normalised symbol or name
 * word of {@link SEARCH_TYPO_MIN_LENGTH}+ characters) is filed under a hash of itself and of each of its one-character
 * deletions. Two strings one edit apart share a key: the shorter is a deletion of the longer, or both lose the
 * substituted (or one transposed) character. A query looks up its own keys the same way and checks each term found
 * with {@link withinOneEdit}, so hash collisions cost a check, never a wrong answer. No key string is ever made.
 */
interface TypoIndex {
  /** distinct terms */
  terms: readonly string[];
  /** ranks holding each term, in rank order: postings[postingStart[t] .. postingStart[t + 1]) */
  postingStart: Int32Array;
  postings: Int32Array;
  /** hash table of keys, chained by bucket: keyTerms[keyStart[b] .. keyStart[b + 1]) */
  keyStart: Int32Array;
  keyTerms: Int32Array;
  /** each key's whole hash, beside its term: a lookup checks only the terms whose key hashed alike */
  keyHashes: Int32Array;
  mask: number;
}

// Keys are polynomial hashes (mod 2^32) so that all deletions of a string hash in one pass: deleting character i
// from a string of length n with hash H gives H + (P_i * (1 - B) - c_i) * B^(n-1-i), P_i being the hash of the
// first i characters. B is odd, so B^-1 steps the power down.
const HASH_BASE = 0x01000193;
const HASH_BASE_INVERSE = (() => {
  let inverse = HASH_BASE;
  for (let step = 0; step < 5; step += 1) inverse = Math.imul(inverse, 2 - Math.imul(HASH_BASE, inverse));
  return inverse;
})();

/** Murmur3's finaliser: spreads the polynomial hash's bits into the low ones the buckets use. */
function mixHash(hash: number): number {
  let mixed = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return mixed ^ (mixed >>> 16);
}

/** Calls `visit` with the key hash of `text` and of each distinct one-character deletion of it. */
function eachKey(text: string, visit: (hash: number) => void): void {
  const length = text.length;
  let whole = 0;
  let power = 1;
  for (let i = 0; i < length; i += 1) {
    whole = (Math.imul(whole, HASH_BASE) + text.charCodeAt(i)) | 0;
    if (i > 0) power = Math.imul(power, HASH_BASE);
  }
  visit(mixHash(whole));
  let prefix = 0;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    // Deleting any character of a run gives the same string: once per run.
    if (i === 0 || code !== text.charCodeAt(i - 1)) {
      visit(mixHash((whole + Math.imul((Math.imul(prefix, 1 - HASH_BASE) - code) | 0, power)) | 0));
    }
    prefix = (Math.imul(prefix, HASH_BASE) + code) | 0;
    power = Math.imul(power, HASH_BASE_INVERSE);
  }
}

function buildTypoIndex(symbols: readonly string[], names: readonly string[]): TypoIndex {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const lastRank: number[] = [];
  const occurrenceTerms: number[] = [];
  const occurrenceRanks: number[] = [];
  for (let rank = 0; rank < symbols.length; rank += 1) {
    for (const term of typoTerms(symbols[rank] ?? '', names[rank] ?? '')) {
      let id = ids.get(term);
      if (id === undefined) {
        id = terms.length;
        ids.set(term, id);
        terms.push(term);
        lastRank.push(-1);
      }
      if (lastRank[id] === rank) continue;
      lastRank[id] = rank;
      occurrenceTerms.push(id);
      occurrenceRanks.push(rank);
    }
  }
  // Postings: ranks were visited in order, so each list comes out sorted.
  const postingStart = new Int32Array(terms.length + 1);
  for (const id of occurrenceTerms) postingStart[id + 1] = (postingStart[id + 1] ?? 0) + 1;
  for (let id = 0; id < terms.length; id += 1)
    postingStart[id + 1] = (postingStart[id + 1] ?? 0) + (postingStart[id] ?? 0);
  const postings = new Int32Array(occurrenceTerms.length);
  const cursor = postingStart.slice(0, terms.length);
  occurrenceTerms.forEach((id, occurrence) => {
    const at = cursor[id] ?? 0;
    postings[at] = occurrenceRanks[occurrence] ?? 0;
    cursor[id] = at + 1;
  });

  // Keys: hashed once, then placed by bucket (about two keys a bucket: half the table, a check more a lookup).
  let keyCount = 0;
  for (const term of terms) {
    keyCount += 1;
    for (let i = 0; i < term.length; i += 1) if (i === 0 || term[i] !== term[i - 1]) keyCount += 1;
  }
  const hashes = new Int32Array(keyCount);
  const owners = new Int32Array(keyCount);
  let filled = 0;
  terms.forEach((term, id) => {
    eachKey(term, (hash) => {
      hashes[filled] = hash;
      owners[filled] = id;
      filled += 1;
    });
  });
  let buckets = 1;
  while (buckets * 2 < keyCount) buckets *= 2;
  const mask = buckets - 1;
  const keyStart = new Int32Array(buckets + 1);
  for (let key = 0; key < keyCount; key += 1) {
    const bucket = ((hashes[key] ?? 0) & mask) + 1;
    keyStart[bucket] = (keyStart[bucket] ?? 0) + 1;
  }
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    keyStart[bucket + 1] = (keyStart[bucket + 1] ?? 0) + (keyStart[bucket] ?? 0);
  }
  const keyTerms = new Int32Array(keyCount);
  const keyHashes = new Int32Array(keyCount);
  const next = keyStart.slice(0, buckets);
  for (let key = 0; key < keyCount; key += 1) {
    const hash = hashes[key] ?? 0;
    const bucket = hash & mask;
    const at = next[bucket] ?? 0;
    keyTerms[at] = owners[key] ?? 0;
    keyHashes[at] = hash;
    next[bucket] = at + 1;
  }
  return { terms, postingStart, postings, keyStart, keyTerms, keyHashes, mask };
}

/** Each index's typo index, built on the first query that reaches typo matching (most never do). */
const typoIndexes = new WeakMap<SearchIndex, TypoIndex>();

function typoIndexOf(index: SearchIndex): TypoIndex {
  let typo = typoIndexes.get(index);
  if (typo === undefined) {
    typo = buildTypoIndex(index.symbols, index.names);
    typoIndexes.set(index, typo);
  }
  return typo;
}

/** Builds the typo index now rather than on the first query that needs it. */
export function prepareTypoSearch(index: SearchIndex): void {
  typoIndexOf(index);
}

/** Ranks holding a term within one edit of a form, best first: a merge of the matching terms' postings. */
function typoMatches(index: SearchIndex, forms: readonly string[]): () => number {
  const { terms, postingStart, postings, keyStart, keyTerms, keyHashes, mask } = typoIndexOf(index);
  const matched: number[] = [];
  for (const form of forms) {
    eachKey(form, (hash) => {
      const bucket = hash & mask;
      for (let at = keyStart[bucket] ?? 0, end = keyStart[bucket + 1] ?? 0; at < end; at += 1) {
        if (keyHashes[at] !== hash) continue;
        const id = keyTerms[at] ?? 0;
        if (!matched.includes(id) && withinOneEdit(form, terms[id] ?? '')) matched.push(id);
      }
    });
  }
  const heads = matched.map((id) => postingStart[id] ?? 0);
  const ends = matched.map((id) => postingStart[id + 1] ?? 0);
  return () => {
    let best = -1;
    for (let i = 0; i < heads.length; i += 1) {
      const head = heads[i] ?? 0;
      if (head < (ends[i] ?? 0)) {
        const rank = postings[head] ?? 0;
        if (best < 0 || rank < best) best = rank;
      }
    }
    // Step past the best rank on every list holding it.
    for (let i = 0; i < heads.length; i += 1) {
      const head = heads[i] ?? 0;
      if (head < (ends[i] ?? 0) && postings[head] === best) heads[i] = head + 1;
    }
    return best;
  };
}

// ---- the index ---------------------------------------------------------------------------------------------------

/**
 * Keys (symbols, names, or the word-start suffixes of names) in sorted order, kept as the rank of the asset and the
 * offset of the key in its text, with a segment tree over those ranks.
 */
interface SortedKeys {
  /** rank of the asset at each sorted position */
  ranks: Int32Array;
  /** where the key starts in the asset's normalised symbol or name (0 for whole symbols and names) */
  offsets: Int32Array;
  /** bottom-up segment tree of positions with the smallest rank (size 2n) */
  tree: Int32Array;
  /**
   * each key's first {@link HEAD_CHARACTERS} characters packed into one number ({@link headOf}), in key order: a
   * prefix search runs over this array and reads key strings only where the heads tie
   */
  heads: Float64Array;
}

/** The built index. Its fields are the index's own working data: read `size` and `ranked`, leave the rest. */
export interface SearchIndex<T extends SearchAsset = SearchAsset> {
  readonly size: number;
  /** assets in rank order */
  readonly ranked: readonly T[];
  /** normalised symbol of each rank */
  readonly symbols: readonly string[];
  /** normalised name of each rank */
  readonly names: readonly string[];
  readonly bySymbol: SortedKeys;
  readonly byName: SortedKeys;
  readonly byWord: SortedKeys;
  /** best ranks whose name holds each 1- or 2-character gram, SEARCH_MAX_RESULTS per gram, -1 padded */
  readonly shortGrams: Int32Array;
  /** trigram posting lists in rank order: postings[start[g] .. start[g + 1]) */
  readonly trigramStart: Int32Array;
  readonly trigramPostings: Int32Array;
  /** for each character outside the gram alphabet (CJK, Cyrillic …), the ranks whose name holds it, in order */
  readonly otherCharacters: ReadonlyMap<number, Int32Array>;
}

const EMPTY = new Int32Array(0);

// Characters of names mapped to a small alphabet for the gram tables: ' ' 0, a-z 1-26, 0-9 27-36, others 37.
const ALPHABET = 38;
const OTHER = 37;
const SHORT_GRAMS = ALPHABET + ALPHABET * ALPHABET;

function gramCode(code: number): number {
  if (code === 32) return 0;
  if (code >= 97 && code <= 122) return code - 96;
  if (code >= 48 && code <= 57) return code - 21;
  return OTHER;
}

function shortGramId(text: string): number {
  const first = gramCode(text.charCodeAt(0));
  return text.length === 1 ? first : ALPHABET + first * ALPHABET + gramCode(text.charCodeAt(1));
}

function buildTree(ranks: Int32Array): Int32Array {
  const n = ranks.length;
  const tree = new Int32Array(2 * n);
  for (let i = 0; i < n; i += 1) tree[n + i] = i;
  for (let i = n - 1; i >= 1; i -= 1) {
    const left = tree[2 * i] ?? 0;
    const right = tree[2 * i + 1] ?? 0;
    tree[i] = (ranks[left] ?? 0) <= (ranks[right] ?? 0) ? left : right;
  }
  return tree;
}

/** Position in [lo, hi) of the smallest rank, or -1 for an empty range. */
function argmin(keys: SortedKeys, lo: number, hi: number): number {
  const { ranks, tree } = keys;
  const n = ranks.length;
  let best = -1;
  let bestRank = Number.MAX_SAFE_INTEGER;
  let left = lo + n;
  let right = hi + n;
  while (left < right) {
    if (left & 1) {
      const position = tree[left++] ?? 0;
      const rank = ranks[position] ?? 0;
      if (rank < bestRank) {
        best = position;
        bestRank = rank;
      }
    }
    if (right & 1) {
      const position = tree[--right] ?? 0;
      const rank = ranks[position] ?? 0;
      if (rank < bestRank) {
        best = position;
        bestRank = rank;
      }
    }
    left >>= 1;
    right >>= 1;
  }
  return best;
}

/** Yields the ranks of a sorted range best first, without sorting it: a frontier of sub-ranges and their minima. */
function rangeByRank(keys: SortedKeys, lo: number, hi: number): () => number {
  const los: number[] = [];
  const his: number[] = [];
  const mins: number[] = [];
  const push = (from: number, to: number) => {
    if (from >= to) return;
    los.push(from);
    his.push(to);
    mins.push(argmin(keys, from, to));
  };
  push(lo, hi);
  return () => {
    if (mins.length === 0) return -1;
    let best = 0;
    let bestRank = keys.ranks[mins[0] ?? 0] ?? 0;
    for (let i = 1; i < mins.length; i += 1) {
      const rank = keys.ranks[mins[i] ?? 0] ?? 0;
      if (rank < bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    const position = mins[best] ?? 0;
    const from = los[best] ?? 0;
    const to = his[best] ?? 0;
    const last = mins.length - 1;
    los[best] = los[last] ?? 0;
    his[best] = his[last] ?? 0;
    mins[best] = mins[last] ?? 0;
    los.pop();
    his.pop();
    mins.pop();
    push(from, position);
    push(position + 1, to);
    return bestRank;
  };
}

/** Below, at or above 0 as the key at `position` sorts before the keys starting with `prefix`, starts with it, or sorts after them. */
type KeyCompare = (position: number, prefix: string) => number;

// A key's head: its first three character codes, each plus one (0 where the key has ended), in base 2^16 + 1. Three
// such digits take 51 bits, exact in a double, and heads order as their keys' first three characters do, an ended
// key first. A binary search over heads touches one typed array instead of a string per step.
const HEAD_CHARACTERS = 3;
const HEAD_DIGITS = 0x10001;

/** The head of `text` from `offset`; characters past its end count as `filler` (0, or HEAD_DIGITS - 1 for a range's top). */
function headOf(text: string, offset: number, filler: number): number {
  let head = 0;
  for (let i = 0; i < HEAD_CHARACTERS; i += 1) {
    const at = offset + i;
    head = head * HEAD_DIGITS + (at < text.length ? text.charCodeAt(at) + 1 : filler);
  }
  return head;
}

/** First position in [lo, hi) whose head is above `head` (`orEqual` false) or not below it (true). */
function headBound(heads: Float64Array, lo: number, hi: number, head: number, orEqual: boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = heads[mid] ?? 0;
    if (at < head || (!orEqual && at === head)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position in [from, to) whose key starts with `prefix` or sorts after it (`orStarts` true), or sorts after it (false). */
function prefixBound(from: number, to: number, compare: KeyCompare, prefix: string, orStarts: boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compare(mid, prefix);
    if (order < 0 || (!orStarts && order === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Texts laid end to end as character codes, each followed by -1, for sorting without string access. */
interface CodeBuffer {
  codes: Int32Array;
  /** where each text starts */
  starts: Int32Array;
}

function codeBuffer(texts: readonly string[]): CodeBuffer {
  const starts = new Int32Array(texts.length);
  let length = 0;
  texts.forEach((text, i) => {
    starts[i] = length;
    length += text.length + 1;
  });
  const codes = new Int32Array(length);
  texts.forEach((text, i) => {
    let at = starts[i] ?? 0;
    for (let c = 0; c < text.length; c += 1) codes[at++] = text.charCodeAt(c);
    codes[at] = -1;
  });
  return { codes, starts };
}

/**
 * Entries ordered by the suffix each points at (text `ranks[e]` from character `offsets[e]`), ties by entry, which
 * callers give in rank order. A multikey quicksort (Bentley & Sedgewick) on character codes: no substring is made,
 * and the long prefixes names share ('acquisition corp', 'class a') cost little.
 */
function suffixOrder(buffer: CodeBuffer, ranks: Int32Array, offsets: Int32Array): Int32Array {
  const { codes, starts } = buffer;
  const count = ranks.length;
  const entries = new Int32Array(count);
  const positions = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    entries[i] = i;
    positions[i] = (starts[ranks[i] ?? 0] ?? 0) + (offsets[i] ?? 0);
  }
  const charAt = (entry: number, depth: number): number => codes[(positions[entry] ?? 0) + depth] ?? -1;
  // Explicit stack of (lo, hi, depth) ranges still to sort.
  const stack: number[] = [0, count, 0];
  while (stack.length > 0) {
    const depth = stack.pop() ?? 0;
    const hi = stack.pop() ?? 0;
    const lo = stack.pop() ?? 0;
    if (hi - lo < 2) continue;
    if (hi - lo <= 12) {
      insertionSort(entries, lo, hi, depth, charAt);
      continue;
    }
    // Median of three as the pivot character.
    const a = charAt(entries[lo] ?? 0, depth);
    const b = charAt(entries[(lo + hi) >>> 1] ?? 0, depth);
    const c = charAt(entries[hi - 1] ?? 0, depth);
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    // Three-way partition: [lo, lt) below, [lt, gt) equal, [gt, hi) above.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i < gt) {
      const entry = entries[i] ?? 0;
      const code = codes[(positions[entry] ?? 0) + depth] ?? -1;
      if (code < pivot) {
        entries[i++] = entries[lt] ?? 0;
        entries[lt++] = entry;
      } else if (code > pivot) {
        entries[i] = entries[--gt] ?? 0;
        entries[gt] = entry;
      } else i += 1;
    }
    stack.push(lo, lt, depth, gt, hi, depth);
    // Suffixes that all ended are equal: entry order. Otherwise the equal part goes on at the next character.
    if (pivot < 0) entries.subarray(lt, gt).sort();
    else stack.push(lt, gt, depth + 1);
  }
  return entries;
}

function insertionSort(
  entries: Int32Array,
  lo: number,
  hi: number,
  depth: number,
  charAt: (entry: number, depth: number) => number,
): void {
  for (let i = lo + 1; i < hi; i += 1) {
    const entry = entries[i] ?? 0;
    let j = i;
    for (; j > lo; j -= 1) {
      const other = entries[j - 1] ?? 0;
      let difference = 0;
      for (let d = depth; difference === 0; d += 1) {
        const mine = charAt(entry, d);
        difference = charAt(other, d) - mine;
        if (difference === 0 && mine < 0) difference = other - entry;
      }
      if (difference <= 0) break;
      entries[j] = other;
    }
    entries[j] = entry;
  }
}

/** The sorted suffixes with the rank and offset at each position, and the rank tree. */
function sortedKeys(buffer: CodeBuffer, ranks: Int32Array, offsets: Int32Array): SortedKeys {
  const entries = suffixOrder(buffer, ranks, offsets);
  const sortedRanks = new Int32Array(entries.length);
  const sortedOffsets = new Int32Array(entries.length);
  for (let position = 0; position < entries.length; position += 1) {
    const entry = entries[position] ?? 0;
    sortedRanks[position] = ranks[entry] ?? 0;
    sortedOffsets[position] = offsets[entry] ?? 0;
  }
  const heads = new Float64Array(entries.length);
  const { codes, starts } = buffer;
  for (let position = 0; position < entries.length; position += 1) {
    let at = (starts[sortedRanks[position] ?? 0] ?? 0) + (sortedOffsets[position] ?? 0);
    let head = 0;
    for (let i = 0; i < HEAD_CHARACTERS; i += 1) {
      const code = codes[at] ?? -1;
      head = head * HEAD_DIGITS + code + 1;
      if (code >= 0) at += 1;
    }
    heads[position] = head;
  }
  return { ranks: sortedRanks, offsets: sortedOffsets, tree: buildTree(sortedRanks), heads };
}

/** Dense ranks of values, largest first: equal values share a rank. */
function denseRanksDescending(values: Float64Array): Int32Array {
  const distinct = values.slice().sort();
  let size = 0;
  for (const value of distinct) if (size === 0 || value !== distinct[size - 1]) distinct[size++] = value;
  const ranks = new Int32Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] ?? 0;
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((distinct[mid] ?? 0) < value) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = size - 1 - lo;
  }
  return ranks;
}

/** Stable counting sort of `order` by small integer keys. */
function stableSortByKey(order: Int32Array, keys: Int32Array): Int32Array {
  let buckets = 0;
  for (const key of keys) buckets = Math.max(buckets, key + 1);
  const starts = new Int32Array(buckets + 1);
  for (const key of keys) starts[key + 1] = (starts[key + 1] ?? 0) + 1;
  for (let key = 0; key < buckets; key += 1) starts[key + 1] = (starts[key + 1] ?? 0) + (starts[key] ?? 0);
  const sorted = new Int32Array(order.length);
  for (const item of order) {
    const key = keys[item] ?? 0;
    const at = starts[key] ?? 0;
    sorted[at] = item;
    starts[key] = at + 1;
  }
  return sorted;
}

/**
 * Asset indices in {@link compareSearchAssets} order, ties by index, without a comparison sort: sorted by symbol
 * first, then stably by market cap and by popularity (a least-significant-key-first radix sort).
 */
function rankOrder(assets: readonly SearchAsset[]): Int32Array {
  const count = assets.length;
  const indices = new Int32Array(count);
  const marketCaps = new Float64Array(count);
  const popularities = new Float64Array(count);
  assets.forEach((asset, index) => {
    indices[index] = index;
    marketCaps[index] = score(asset.marketCap);
    popularities[index] = score(asset.popularity);
  });
  const bySymbol = suffixOrder(codeBuffer(assets.map((asset) => asset.symbol)), indices, new Int32Array(count));
  const byMarketCap = stableSortByKey(bySymbol, denseRanksDescending(marketCaps));
  return stableSortByKey(byMarketCap, denseRanksDescending(popularities));
}

/**
 * For each 1- and 2-character gram of the gram alphabet, the best {@link SEARCH_MAX_RESULTS} ranks whose name holds
 * it; and for each trigram, every rank whose name holds it, in rank order (posting lists).
 */
function buildGrams(names: CodeBuffer, count: number) {
  // Names in the gram alphabet, END after each.
  const END = 255;
  const alphabet = new Uint8Array(names.codes.length);
  for (let at = 0; at < alphabet.length; at += 1) {
    const code = names.codes[at] ?? -1;
    alphabet[at] = code < 0 ? END : gramCode(code);
  }
  const shortGrams = new Int32Array(SHORT_GRAMS * SEARCH_MAX_RESULTS).fill(-1);
  const shortCounts = new Int32Array(SHORT_GRAMS);
  const trigrams = ALPHABET * ALPHABET * ALPHABET;
  const lastSeen = new Int32Array(trigrams).fill(-1);
  const addShortGram = (gram: number, rank: number) => {
    if (lastSeen[gram] === rank) return;
    lastSeen[gram] = rank;
    const filled = shortCounts[gram] ?? 0;
    if (filled < SEARCH_MAX_RESULTS) {
      shortGrams[gram * SEARCH_MAX_RESULTS + filled] = rank;
      shortCounts[gram] = filled + 1;
    }
  };
  for (let rank = 0; rank < count; rank += 1) {
    for (let at = names.starts[rank] ?? 0; alphabet[at] !== END; at += 1) {
      const first = alphabet[at] ?? OTHER;
      const second = alphabet[at + 1] ?? END;
      if (first === OTHER) continue;
      addShortGram(first, rank);
      if (second !== OTHER && second !== END) addShortGram(ALPHABET + first * ALPHABET + second, rank);
    }
  }

  // Trigram posting lists: count each name's distinct trigrams, then place them.
  const eachTrigram = (rank: number, visit: (gram: number) => void) => {
    for (let at = names.starts[rank] ?? 0; alphabet[at + 2] !== END && alphabet[at + 1] !== END; at += 1) {
      if (alphabet[at] === END) break;
      const gram = ((alphabet[at] ?? 0) * ALPHABET + (alphabet[at + 1] ?? 0)) * ALPHABET + (alphabet[at + 2] ?? 0);
      if (lastSeen[gram] === rank) continue;
      lastSeen[gram] = rank;
      visit(gram);
    }
  };
  const trigramStart = new Int32Array(trigrams + 1);
  lastSeen.fill(-1);
  for (let rank = 0; rank < count; rank += 1) {
    eachTrigram(rank, (gram) => {
      trigramStart[gram + 1] = (trigramStart[gram + 1] ?? 0) + 1;
    });
  }
  for (let gram = 0; gram < trigrams; gram += 1) {
    trigramStart[gram + 1] = (trigramStart[gram + 1] ?? 0) + (trigramStart[gram] ?? 0);
  }
  const trigramPostings = new Int32Array(trigramStart[trigrams] ?? 0);
  const next = trigramStart.slice(0, trigrams);
  lastSeen.fill(-1);
  for (let rank = 0; rank < count; rank += 1) {
    eachTrigram(rank, (gram) => {
      const at = next[gram] ?? 0;
      trigramPostings[at] = rank;
      next[gram] = at + 1;
    });
  }
  // Characters outside the gram alphabet are few (non-Latin names): a posting list each.
  const outside = new Map<number, number[]>();
  for (let rank = 0; rank < count; rank += 1) {
    for (let at = names.starts[rank] ?? 0; alphabet[at] !== END; at += 1) {
      if (alphabet[at] !== OTHER) continue;
      const code = names.codes[at] ?? 0;
      const ranks = outside.get(code);
      if (ranks === undefined) outside.set(code, [rank]);
      else if (ranks[ranks.length - 1] !== rank) ranks.push(rank);
    }
  }
  const otherCharacters = new Map<number, Int32Array>();
  for (const [code, ranks] of outside) otherCharacters.set(code, Int32Array.from(ranks));
  return { shortGrams, trigramStart, trigramPostings, otherCharacters };
}

/** Builds the search index once; it is immutable and can be shared. */
export function buildSearchIndex<T extends SearchAsset>(assets: readonly T[]): SearchIndex<T> {
  const ranked = Array.from(rankOrder(assets), (index) => assets[index] as T);
  const symbols = ranked.map((asset) => normalizeSymbol(asset.symbol));
  const names = ranked.map((asset) => normalizeName(asset.name));

  const symbolRanks: number[] = [];
  const nameRanks: number[] = [];
  const wordRanks: number[] = [];
  const wordOffsets: number[] = [];
  for (let rank = 0; rank < ranked.length; rank += 1) {
    if (symbols[rank] !== '') symbolRanks.push(rank);
    const name = names[rank] ?? '';
    if (name === '') continue;
    nameRanks.push(rank);
    for (let offset = name.indexOf(' ') + 1; offset > 0; offset = name.indexOf(' ', offset) + 1) {
      wordRanks.push(rank);
      wordOffsets.push(offset);
    }
  }
  const nameCodes = codeBuffer(names);
  return {
    size: ranked.length,
    ranked,
    symbols,
    names,
    bySymbol: sortedKeys(codeBuffer(symbols), Int32Array.from(symbolRanks), new Int32Array(symbolRanks.length)),
    byName: sortedKeys(nameCodes, Int32Array.from(nameRanks), new Int32Array(nameRanks.length)),
    byWord: sortedKeys(nameCodes, Int32Array.from(wordRanks), Int32Array.from(wordOffsets)),
    ...buildGrams(nameCodes, ranked.length),
  };
}

export interface SearchIndexStats {
  assets: number;
  symbolKeys: number;
  nameKeys: number;
  wordSuffixes: number;
  trigramPostings: number;
  /** bytes held in typed arrays (strings not counted) */
  typedArrayBytes: number;
  /** the typo index, once built (see {@link prepareTypoSearch}) */
  typo: {
    /** distinct symbols and name words */
    terms: number;
    /** characters of those terms (held as strings) */
    termCharacters: number;
    postings: number;
    /** deletion-neighbourhood keys */
    keys: number;
    typedArrayBytes: number;
  } | null;
}

export function searchIndexStats(index: SearchIndex): SearchIndexStats {
  const keys = [index.bySymbol, index.byName, index.byWord];
  const typedArrayBytes =
    keys.reduce(
      (sum, k) => sum + k.ranks.byteLength + k.offsets.byteLength + k.tree.byteLength + k.heads.byteLength,
      0,
    ) +
    index.shortGrams.byteLength +
    index.trigramStart.byteLength +
    index.trigramPostings.byteLength +
    [...index.otherCharacters.values()].reduce((sum, ranks) => sum + ranks.byteLength, 0);
  return {
    assets: index.size,
    symbolKeys: index.bySymbol.ranks.length,
    nameKeys: index.byName.ranks.length,
    wordSuffixes: index.byWord.ranks.length,
    trigramPostings: index.trigramPostings.length,
    typedArrayBytes,
    typo: typoStats(typoIndexes.get(index)),
  };
}

function typoStats(typo: TypoIndex | undefined): SearchIndexStats['typo'] {
  if (typo === undefined) return null;
  return {
    terms: typo.terms.length,
    termCharacters: typo.terms.reduce((sum, term) => sum + term.length, 0),
    postings: typo.postings.length,
    keys: typo.keyTerms.length,
    typedArrayBytes:
      typo.postingStart.byteLength +
      typo.postings.byteLength +
      typo.keyStart.byteLength +
      typo.keyTerms.byteLength +
      typo.keyHashes.byteLength,
  };
}

/** {@link KeyCompare} for the suffix of `text` from `offset`. */
function compareFrom(text: string, offset: number, prefix: string): number {
  const length = text.length - offset;
  const shared = Math.min(length, prefix.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = text.charCodeAt(offset + i) - prefix.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return length < prefix.length ? -1 : 0;
}

/** The positions of the keys starting with `prefix`. */
function prefixRange(keys: SortedKeys, compare: KeyCompare, prefix: string): [number, number] {
  const { heads } = keys;
  const lo = headBound(heads, 0, heads.length, headOf(prefix, 0, 0), true);
  const hi = headBound(heads, lo, heads.length, headOf(prefix, 0, HEAD_DIGITS - 1), false);
  // A short prefix is its head; a longer one is searched as strings only among the keys whose head it shares.
  if (prefix.length <= HEAD_CHARACTERS) return [lo, hi];
  return [prefixBound(lo, hi, compare, prefix, true), prefixBound(lo, hi, compare, prefix, false)];
}

function nameContains<T extends SearchAsset>(index: SearchIndex<T>, query: string): () => number {
  const { names } = index;
  const outside: number[] = [];
  for (let i = 0; i < query.length; i += 1) {
    const code = query.charCodeAt(i);
    if (gramCode(code) === OTHER) outside.push(code);
  }
  if (query.length <= 2 && outside.length === 0) {
    const start = shortGramId(query) * SEARCH_MAX_RESULTS;
    return fromList(index.shortGrams.subarray(start, start + SEARCH_MAX_RESULTS));
  }
  // Walk the shortest list that every name holding the query is on: one of its trigrams, or the names holding one
  // of its characters outside the gram alphabet. Lists are in rank order, so the walk stops once the slots fill.
  let list: Int32Array = index.trigramPostings;
  let from = 0;
  let to = Number.MAX_SAFE_INTEGER;
  for (let i = 0; i + 2 < query.length; i += 1) {
    const gram =
      (gramCode(query.charCodeAt(i)) * ALPHABET + gramCode(query.charCodeAt(i + 1))) * ALPHABET +
      gramCode(query.charCodeAt(i + 2));
    const start = index.trigramStart[gram] ?? 0;
    const end = index.trigramStart[gram + 1] ?? 0;
    if (end - start < to - from) {
      from = start;
      to = end;
    }
  }
  for (const code of outside) {
    const holding = index.otherCharacters.get(code) ?? EMPTY;
    if (holding.length < to - from) {
      list = holding;
      from = 0;
      to = holding.length;
    }
  }
  let next = from;
  return () => {
    while (next < to) {
      const rank = list[next++] ?? 0;
      if ((names[rank] ?? '').includes(query)) return rank;
    }
    return -1;
  };
}

/** Searches the index; see the module comment for the ranking. Returns the assets themselves. */
export function searchAssets<T extends SearchAsset>(
  index: SearchIndex<T>,
  query: string,
  options: SearchOptions = {},
): T[] {
  const limit = clampLimit(options.limit);
  const symbolQuery = normalizeSymbol(query);
  const nameQuery = normalizeName(query);
  if (limit === 0 || (symbolQuery === '' && nameQuery === '')) return [];
  const { symbols, names, bySymbol, byName, byWord } = index;

  let exact = NONE;
  let symbolPrefix = NONE;
  if (symbolQuery !== '') {
    const compare: KeyCompare = (position, prefix) =>
      compareFrom(symbols[bySymbol.ranks[position] ?? 0] ?? '', 0, prefix);
    const [lo, hi] = prefixRange(bySymbol, compare, symbolQuery);
    let equalEnd = lo;
    while (equalEnd < hi && symbols[bySymbol.ranks[equalEnd] ?? 0] === symbolQuery) equalEnd += 1;
    exact = rangeByRank(bySymbol, lo, equalEnd);
    symbolPrefix = rangeByRank(bySymbol, lo, hi);
  }

  const nameSources: Array<() => number> = [];
  let contains = NONE;
  if (nameQuery !== '') {
    const compareName: KeyCompare = (position, prefix) =>
      compareFrom(names[byName.ranks[position] ?? 0] ?? '', 0, prefix);
    const [nameLo, nameHi] = prefixRange(byName, compareName, nameQuery);
    const compareWord: KeyCompare = (position, prefix) =>
      compareFrom(names[byWord.ranks[position] ?? 0] ?? '', byWord.offsets[position] ?? 0, prefix);
    const [wordLo, wordHi] = prefixRange(byWord, compareWord, nameQuery);
    nameSources.push(rangeByRank(byName, nameLo, nameHi), rangeByRank(byWord, wordLo, wordHi));
    // Only built when reached: the earlier tiers usually fill the slots.
    let walk: (() => number) | undefined;
    contains = () => {
      walk ??= nameContains(index, nameQuery);
      return walk();
    };
  }
  let typos = NONE;
  const typoForms = typoQueryForms(symbolQuery, nameQuery);
  if (typoForms.length > 0) {
    let merge: (() => number) | undefined;
    typos = () => {
      merge ??= typoMatches(index, typoForms);
      return merge();
    };
  }

  return select(limit, exact, symbolPrefix, nameSources, contains, typos).map((rank) => index.ranked[rank] as T);
}
