import type { AppInfo } from '@eh/contracts';
import { useGetAppInfoQuery } from './app-info-api.ts';

export type MarketDataSources = AppInfo['marketData'];

/** How each provider of apps/server/src/providers is named on screen. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  sec: 'SEC EDGAR',
  nasdaqtrader: 'Nasdaq Trader',
  coingecko: 'CoinGecko',
  yahoo: 'Yahoo Finance',
};

const providerName = (name: string) => PROVIDER_NAMES[name] ?? name;

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What feeds the market data this server shows, in one sentence (no final stop), from the server's own account
 * (GET /core/app-info): the demo label appears only while the demo market feeds the data.
 */
export function provenanceText(sources: MarketDataSources): string {
  const real = listOf(sources.providers.map(providerName));
  if (sources.demo && real) {
    return `Market data: the generated demo market, and real data from ${real}; figures from the demo market are marked “Demo data”`;
  }
  if (sources.demo) return 'Market data here is the generated demo market: not real prices or results';
  if (real) return `Market data from ${real}`;
  return 'No market-data provider feeds this server';
}

/** The provenance sentence, or null until the server has said. */
export function useProvenance(): string | null {
  const { data } = useGetAppInfoQuery();
  return data ? provenanceText(data.marketData) : null;
}
