/** The quote feature's public face: what other features use of it. */
export { AnalystsTab } from './analysts-tab.tsx';
export { DateStatusChip } from './date-status-chip.tsx';
export { MODAL_SECTIONS } from './sections.ts';
export type { SymbolModalTab } from './symbol-modal-tabs.ts';
export { DEFAULT_SYMBOL_MODAL_TAB, isSymbolModalTab, pageTabFor, SYMBOL_MODAL_TABS } from './symbol-modal-tabs.ts';
