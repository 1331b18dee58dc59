/** The ehs feature's public face: what other features use of it. */
export { EhsTab } from './ehs-tab.tsx';
export { EhsWidget } from './ehs-widget.tsx';
export { MetricHistogram } from './metric-histogram.tsx';
export { formatMetric, METRIC_SECTIONS, MetricSections } from './metric-sections.tsx';
export { currentMetrics } from './symbol-metrics.ts';
