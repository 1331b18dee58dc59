/** The market-history feature's public face: what other features use of it. */
export { MarketHistorySection } from './market-history-section.tsx';
