/**
 * The asset universe the search benchmark runs over.
 *
 * With the recorded real lists in ../shared/fixtures/real (SEC company_tickers_exchange.json, Nasdaq Trader
 * nasdaqlisted.txt / otherlisted.txt, CoinGecko coins_list.json) those are loaded, de-duplicated and padded with
 * generated companies to the target size. Without them the whole universe is generated from a seeded PRNG.
 * Bench code only: the product never reads ../shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seededRandom } from '../packages/domain/src/random.ts';
import { normalizeSymbol, type SearchAsset } from '../packages/domain/src/search.ts';

export const UNIVERSE_TARGET_SIZE = 80_000;

export const REAL_FIXTURES_DIR = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'real');

export interface Universe {
  assets: SearchAsset[];
  /** 'real+generated' or 'generated' */
  source: string;
  realCount: number;
}

/** Well-known coins get a popularity so that crypto ranks like it does in the product. */
const POPULAR_COINS: Record<string, number> = {
  bitcoin: 9500,
  ethereum: 9000,
  tether: 8000,
  ripple: 7800,
  binancecoin: 7600,
  solana: 7500,
  'usd-coin': 7000,
  dogecoin: 6900,
  cardano: 6500,
  tron: 6000,
};

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function loadReal(dir: string): SearchAsset[] {
  const assets: SearchAsset[] = [];
  const seen = new Set<string>();
  const add = (entry: SearchAsset) => {
    const key = `${normalizeSymbol(entry.symbol)}|${entry.type === 'crypto' ? 'crypto' : 'listed'}`;
    if (entry.symbol.trim() === '' || entry.name.trim() === '' || seen.has(key)) return;
    seen.add(key);
    assets.push(entry);
  };

  // SEC: ordered by market cap, which gives a ranking.
  const sec = readJson(join(dir, 'sec-edgar', 'company_tickers_exchange.json')) as {
    data: Array<[number, string, string, string | null]>;
  };
  sec.data.forEach(([, name, ticker, exchange], position) => {
    add({
      symbol: ticker,
      name,
      type: exchange === 'OTC' ? 'otc' : 'stock',
      exchange: exchange ?? undefined,
      marketCap: Math.round(4e12 / (position + 1)),
      popularity: Math.max(1, 10_000 - position),
    });
  });

  // Nasdaq Trader symbol directories: everything listed, ETFs included; test issues and the trailer skipped.
  const directory = (file: string, symbolColumn: number, testColumn: number, exchange: string) => {
    const lines = readFileSync(join(dir, 'nasdaqtrader', file), 'utf8')
      .split(/\r?\n/)
      .slice(1);
    for (const line of lines) {
      const columns = line.split('|');
      const symbol = columns[symbolColumn] ?? '';
      if (line.startsWith('File Creation Time') || columns[testColumn] === 'Y' || symbol === '') continue;
      add({ symbol, name: columns[1] ?? '', type: 'stock', exchange });
    }
  };
  directory('nasdaqlisted.txt', 0, 3, 'Nasdaq');
  directory('otherlisted.txt', 0, 6, 'NYSE');

  // CoinGecko coin list.
  // The list is in id order and many coins share a symbol: the well-known coin keeps its symbol.
  const coins = readJson(join(dir, 'coingecko', 'coins_list.json')) as Array<{
    id: string;
    symbol: string;
    name: string;
  }>;
  coins.sort((a, b) => (POPULAR_COINS[b.id] ?? 0) - (POPULAR_COINS[a.id] ?? 0));
  for (const coin of coins) {
    add({ symbol: coin.symbol.toUpperCase(), name: coin.name, type: 'crypto', popularity: POPULAR_COINS[coin.id] });
  }
  return assets;
}

const SYLLABLES = `
  ab ac al am an ar as at ba be bi bo ca ce ci co da de di do el en er ex fa fi ga ge gen ha he ia in
  io is ka ki la le li lo lu ma me mi mo na ne ni no nu ol on or pa pe pi pro ra re ri ro sa se si so
  ta te tex ti to tra um un va ve vi vo xa za ze zo
`
  .trim()
  .split(/\s+/);
const SECTORS = `
  Therapeutics Technologies Energy Bancorp Financial Holdings Pharmaceuticals Minerals Software
  Systems Capital Industries Networks Biosciences Realty Semiconductor Foods Logistics Media
  Acquisition Resources Partners Brands Health Robotics
`
  .trim()
  .split(/\s+/);
const SUFFIXES = 'Inc. Corp Corporation Ltd plc Group Co. SA N.V. LP Trust AG'.split(' ');

function generated(random: () => number, count: number, taken: Set<string>): SearchAsset[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const word = () => {
    let text = '';
    for (let i = 0, length = 2 + Math.floor(random() * 2); i < length; i += 1) text += pick(SYLLABLES);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const assets: SearchAsset[] = [];
  while (assets.length < count) {
    let symbol = '';
    for (let i = 0, length = 2 + Math.floor(random() * 4); i < length; i += 1) {
      symbol += String.fromCharCode(65 + Math.floor(random() * 26));
    }
    if (random() < 0.05) symbol += `.${pick(['A', 'B', 'U', 'W'])}`;
    const type = random() < 0.15 ? 'crypto' : random() < 0.3 ? 'otc' : 'stock';
    const key = `${normalizeSymbol(symbol)}|${type === 'crypto' ? 'crypto' : 'listed'}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const words = [word()];
    if (random() < 0.6) words.push(random() < 0.5 ? word() : pick(SECTORS));
    if (type !== 'crypto') words.push(pick(SUFFIXES));
    assets.push({
      symbol,
      name: words.join(' '),
      type,
      marketCap: random() < 0.7 ? Math.round(random() ** 4 * 5e9) : undefined,
      popularity: random() < 0.5 ? Math.floor(random() ** 3 * 500) : undefined,
    });
  }
  return assets;
}

export function loadUniverse({
  seed = 80_000,
  target = UNIVERSE_TARGET_SIZE,
  useReal = true,
}: {
  seed?: number;
  target?: number;
  useReal?: boolean;
} = {}): Universe {
  const random = seededRandom(seed);
  const hasReal = useReal && existsSync(join(REAL_FIXTURES_DIR, 'sec-edgar', 'company_tickers_exchange.json'));
  const real = hasReal ? loadReal(REAL_FIXTURES_DIR) : [];
  const taken = new Set(
    real.map((entry) => `${normalizeSymbol(entry.symbol)}|${entry.type === 'crypto' ? 'crypto' : 'listed'}`),
  );
  const padding = generated(random, Math.max(0, target - real.length), taken);
  return {
    assets: [...real, ...padding],
    source: hasReal ? 'real+generated' : 'generated',
    realCount: real.length,
  };
}
