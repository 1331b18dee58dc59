/**
 * The market pages (feed, search, news, EHS, EH500, all assets, pricing, calls and one event), loaded through this
 * one table: the router's first-load chunk then carries a single import for all of them instead of one preload
 * list per page.
 * The home is not here: the router loads it directly, one step sooner.
 */
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

const search: PageModule = () => import('../features/search/search-page.tsx');

export const MARKET_PAGES = {
  earningsFeed: () => import('../features/feed/feed-page.tsx'),
  search,
  quoteSearch: search,
  news: () => import('../features/news/news-page.tsx'),
  newsArticle: () => import('../features/news/article-page.tsx'),
  ehs: () => import('../features/ehs-pages/ehs-page.tsx'),
  ehsLearnMore: () => import('../features/ehs-pages/learn-more-page.tsx'),
  eh500: () => import('../features/ehs-pages/eh500-page.tsx'),
  all: () => import('../features/ehs-pages/all-assets-page.tsx'),
  pricing: () => import('../features/pricing/pricing-page.tsx'),
  calls: () => import('../features/calls/calls-page.tsx'),
  symbolEvent: () => import('../features/calls/event-page.tsx'),
} satisfies Record<string, PageModule>;

export type MarketPageId = keyof typeof MARKET_PAGES;
