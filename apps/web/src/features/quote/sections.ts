/**
 * Which section shows each symbol page tab and each symbol modal tab: one component per view, shared by the
 * pages and the symbol modal.
 */
import type { ComponentType } from 'react';
import type { SymbolTabKey } from '../../shared/routes.ts';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { EhsTab } from '../ehs/index.ts';
import { AnalystsTab } from './analysts-tab.tsx';
import { DividendsTab } from './dividends-tab.tsx';
import { EarningsHistory, EarningsTab, UpcomingEarnings } from './earnings-tab.tsx';
import { EventsTab } from './events-tab.tsx';
import { NewsTab } from './news-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { PriceTab } from './price-tab.tsx';
import { SecFilingsTab } from './sec-filings-tab.tsx';
import { ShortInterestTab } from './short-interest-tab.tsx';
import type { SymbolModalTab } from './symbol-modal-tabs.ts';
import { TradesTab } from './trades-tab.tsx';

type Section = ComponentType<SymbolSectionProps>;

export const PAGE_SECTIONS: Readonly<Record<SymbolTabKey, Section>> = {
  overview: OverviewTab,
  earnings: EarningsTab,
  ehs: EhsTab,
  analysts: AnalystsTab,
  news: NewsTab,
  short: ShortInterestTab,
  price: PriceTab,
  dividends: DividendsTab,
  secFilings: SecFilingsTab,
  events: EventsTab,
  trades: TradesTab,
};

export const MODAL_SECTIONS: Readonly<Record<SymbolModalTab, Section>> = {
  info: OverviewTab,
  earnings: UpcomingEarnings,
  earningsHistory: EarningsHistory,
  ehs: EhsTab,
  priceHistory: PriceTab,
  news: NewsTab,
  analystRatings: AnalystsTab,
  dividends: DividendsTab,
  shortInterest: ShortInterestTab,
  secFilings: SecFilingsTab,
  trades: TradesTab,
  events: EventsTab,
};
