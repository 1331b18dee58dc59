export { type RefreshParams, type RefreshResult, refreshMetricsAndIndexes } from './service.ts';
