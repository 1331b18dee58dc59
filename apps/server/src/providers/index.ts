import { createCoinGeckoProvider } from './coingecko/coingecko-provider.ts';
import { createDemoProvider } from './demo/index.ts';
import { createNasdaqTraderProvider } from './nasdaqtrader/nasdaqtrader-provider.ts';
import { createSecProvider } from './sec/sec-provider.ts';
import type { ProviderFactory } from './types.ts';
import { createYahooProvider } from './yahoo/yahoo-provider.ts';

export type * from './types.ts';

/** Every market-data provider by name (one folder per vendor registers itself here). */
export const PROVIDERS: Record<string, ProviderFactory> = {
  demo: createDemoProvider,
  sec: createSecProvider,
  nasdaqtrader: createNasdaqTraderProvider,
  coingecko: createCoinGeckoProvider,
  yahoo: createYahooProvider,
};
