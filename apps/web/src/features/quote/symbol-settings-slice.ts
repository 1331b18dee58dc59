/**
 * Settings of the symbol pages that last the session: the price chart's switches (SPEC §9 defaults) and the
 * earnings history settings (SPEC §3 defaults). The slice is injected when the symbol pages load, so the first
 * load of the app does not carry it.
 */
import { DEFAULT_HISTORY_RANGE } from '@eh/domain';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ChartSettings, DEFAULT_CHART_SETTINGS } from '../../shared/market/chart-data.ts';
import { type RootState, rootReducer } from '../../shared/store.ts';

export const EARNINGS_VIEW_MODES = ['both', 'eps', 'revenue'] as const;
export type EarningsViewMode = (typeof EARNINGS_VIEW_MODES)[number];
export const EARNINGS_VIEW_MODE_LABELS: Readonly<Record<EarningsViewMode, string>> = {
  both: 'EPS and revenue',
  eps: 'EPS',
  revenue: 'Revenue',
};

/** Ranges of the earnings history, in years ('all' keeps every stored quarter). */
export const EARNINGS_HISTORY_RANGES = ['1y', '2y', DEFAULT_HISTORY_RANGE, 'all'] as const;
export type EarningsHistoryRange = (typeof EARNINGS_HISTORY_RANGES)[number];

export interface EarningsHistorySettings {
  estimatesEnabled: boolean;
  viewMode: EarningsViewMode;
  dateRange: EarningsHistoryRange;
}

/** SPEC §3 earnings history settings: estimates on, view mode both, range 4y (SPEC §9 default history range). */
export const DEFAULT_EARNINGS_HISTORY_SETTINGS: Readonly<EarningsHistorySettings> = {
  estimatesEnabled: true,
  viewMode: 'both',
  dateRange: DEFAULT_HISTORY_RANGE,
};

export interface SymbolSettingsState {
  chart: ChartSettings;
  earningsHistory: EarningsHistorySettings;
}

const initialState: SymbolSettingsState = {
  chart: { ...DEFAULT_CHART_SETTINGS },
  earningsHistory: { ...DEFAULT_EARNINGS_HISTORY_SETTINGS },
};

export const symbolSettingsSlice = createSlice({
  name: 'symbolSettings',
  initialState,
  reducers: {
    chartSettingsChanged(state, action: PayloadAction<Partial<ChartSettings>>) {
      state.chart = { ...state.chart, ...action.payload };
    },
    chartSettingsReset(state) {
      state.chart = { ...DEFAULT_CHART_SETTINGS };
    },
    earningsHistorySettingsChanged(state, action: PayloadAction<Partial<EarningsHistorySettings>>) {
      state.earningsHistory = { ...state.earningsHistory, ...action.payload };
    },
  },
  selectors: {
    selectChartSettings: (state) => state.chart,
    selectEarningsHistorySettings: (state) => state.earningsHistory,
  },
});

export const { chartSettingsChanged, chartSettingsReset, earningsHistorySettingsChanged } = symbolSettingsSlice.actions;

const injected = symbolSettingsSlice.injectInto(rootReducer);

/** The app's state, which holds this slice once it is injected. */
type WithSymbolSettings = RootState & { symbolSettings?: SymbolSettingsState };
export const selectChartSettings = (state: WithSymbolSettings) => injected.selectors.selectChartSettings(state);
export const selectEarningsHistorySettings = (state: WithSymbolSettings) =>
  injected.selectors.selectEarningsHistorySettings(state);
