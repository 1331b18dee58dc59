import type { Config } from '../config.ts';
import { createCoinGeckoProvider } from './coingecko/coingecko-provider.ts';
import { createDemoProvider } from './demo/index.ts';
import { createNasdaqTraderProvider } from './nasdaqtrader/nasdaqtrader-provider.ts';
import { createSecProvider } from './sec/sec-provider.ts';
import type { MarketDataProvider } from './types.ts';
import { createYahooProvider } from './yahoo/yahoo-provider.ts';

export type * from './types.ts';

/** What a provider is built from: configuration, and optionally recorded responses instead of the network. */
export interface ProviderEnv {
  config: Config;
  /** `npm run ingest -- <provider> --from-file PATH`: read the vendor's recorded responses from this file or folder. */
  fromFile?: string;
  /** The provider's "now" (tests and the demo market pin it). */
  now?: Date;
}

export type ProviderFactory = (env: ProviderEnv) => MarketDataProvider;

/** Every market-data provider by name (one folder per vendor registers itself here). */
export const PROVIDERS: Record<string, ProviderFactory> = {
  demo: createDemoProvider,
  sec: createSecProvider,
  nasdaqtrader: createNasdaqTraderProvider,
  coingecko: createCoinGeckoProvider,
  yahoo: createYahooProvider,
};
