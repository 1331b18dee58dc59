import { EH500_NAME, EH500_RANKING, type Metric } from '@eh/domain';
import { Box, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDate, formatNumber } from '../../shared/market/format.ts';
import { useGetMetricStatsQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { MetricHistogram } from './metric-histogram.tsx';
import { formatMetric, METRIC_SECTIONS } from './metric-sections.tsx';

const METRIC_TABS: readonly { metric: Metric; title: string }[] = [
  { metric: 'overallScore', title: 'EHS' },
  ...METRIC_SECTIONS.map(({ metric, title }) => ({ metric, title })),
];

const format = (metric: Metric, value: number | null) =>
  metric === 'overallScore' ? formatNumber(value, 0) : formatMetric(metric, value);

/** SPEC §2 histogram EHS modal: how the EH500 spreads on a metric, with this company's value marked. */
export default function HistogramEhsModal({ entry }: ModalContentProps<'histogramEhs'>) {
  const symbol = typeof entry.props.symbol === 'string' ? entry.props.symbol.toUpperCase() : null;
  const score = typeof entry.props.score === 'number' ? entry.props.score : null;
  const [metric, setMetric] = useState<Metric>('overallScore');
  const stats = useGetMetricStatsQuery({ type: metric, target: EH500_RANKING });
  const bins = stats.data?.histogram ?? [];
  const marked = metric === 'overallScore' ? score : null;
  return (
    <DialogContent>
      <Tabs
        value={metric}
        onChange={(_, value: Metric) => setMetric(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {METRIC_TABS.map((tab) => (
          <Tab key={tab.metric} value={tab.metric} label={tab.title} />
        ))}
      </Tabs>
      {stats.isLoading ? (
        <LoadingRows rows={3} height={40} />
      ) : stats.error ? (
        <LoadError error={stats.error} onRetry={stats.refetch} />
      ) : bins.length === 0 ? (
        <EmptyState>No {EH500_NAME} figures yet.</EmptyState>
      ) : (
        <Box data-testid="ehs-histogram">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {stats.data?.count} companies of the {EH500_NAME}
            {stats.data?.date ? ` on ${formatDate(stats.data.date)}` : ''} · median{' '}
            {format(metric, stats.data?.median ?? null)}
            {marked !== null && symbol ? ` · ${symbol} ${format(metric, marked)}` : ''}
          </Typography>
          <MetricHistogram
            bins={bins}
            height={160}
            label={`Histogram of ${METRIC_TABS.find((t) => t.metric === metric)?.title}`}
            format={(value) => format(metric, value)}
            highlight={(bin) => marked !== null && marked >= bin.from && (marked < bin.to || bin === bins.at(-1))}
          />
          {marked !== null && symbol ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The highlighted bar holds {symbol}.
            </Typography>
          ) : null}
        </Box>
      )}
    </DialogContent>
  );
}
