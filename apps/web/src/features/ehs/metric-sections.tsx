import { EH500_RANKING, type Metric } from '@eh/domain';
import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { formatMultiple, formatPercent, NO_VALUE } from '../../shared/market/format.ts';
import {
  type AssetInfoResponse,
  type SymbolEarningsResponse,
  useGetMetricStatsQuery,
} from '../../shared/market/market-api.ts';
import { MiniBars } from '../../shared/mini-bars.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { currentMetrics, type MetricPoint, metricsAfterEachReport, positionInDistribution } from './symbol-metrics.ts';

/** SPEC §2 sections, in the order of the overview. */
export const METRIC_SECTIONS = [
  {
    metric: 'yoyRevenue',
    title: 'YoY Revenue',
    explain: 'Latest quarter’s revenue against the same quarter a year before.',
  },
  { metric: 'pe', title: 'Price to Earnings', explain: 'Price over the EPS of the last four reported quarters.' },
  { metric: 'ps', title: 'Price to Sales', explain: 'Market cap over the revenue of the last four reported quarters.' },
  { metric: 'yoyEps', title: 'YoY EPS', explain: 'Latest quarter’s EPS against the same quarter a year before.' },
] as const satisfies readonly { metric: Exclude<Metric, 'overallScore'>; title: string; explain: string }[];

type SectionMetric = (typeof METRIC_SECTIONS)[number]['metric'];

const isGrowth = (metric: SectionMetric) => metric === 'yoyEps' || metric === 'yoyRevenue';
export const formatMetric = (metric: SectionMetric, value: number | null) =>
  isGrowth(metric) ? formatPercent(value, { digits: 1 }) : formatMultiple(value);

function MetricCard({
  metric,
  title,
  explain,
  value,
  history,
  limited,
  headingLevel,
}: {
  metric: SectionMetric;
  title: string;
  explain: string;
  value: number | null;
  history: readonly MetricPoint[];
  /** The plan hid the older quarters this figure needs. */
  limited: boolean;
  headingLevel: 'h2' | 'h3';
}) {
  const stats = useGetMetricStatsQuery({ type: metric, target: EH500_RANKING });
  const position = stats.data ? positionInDistribution(value, stats.data) : null;
  const bars = history
    .slice(-8)
    .map((point) => ({ label: point.label.replace(/ (\d{2})(\d{2})$/, " '$2"), value: point[metric] }));
  return (
    <SectionCard title={title} headingLevel={headingLevel} data-testid={`metric-${metric}`}>
      <Typography
        sx={{ fontSize: '1.6rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid="metric-value"
      >
        {formatMetric(metric, value)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {value === null
          ? limited
            ? 'Needs the full earnings history (Plus).'
            : isGrowth(metric)
              ? 'Needs the same quarter a year earlier.'
              : 'Needs four reported quarters with positive results.'
          : stats.data?.median !== null && stats.data?.median !== undefined
            ? `EH500 median ${formatMetric(metric, stats.data.median)}${position ? ` · ${position}` : ''}`
            : explain}
      </Typography>
      {bars.some((bar) => bar.value !== null) ? (
        <Box sx={{ mt: 1.5 }}>
          <MiniBars
            bars={bars}
            label={`${title} after each report`}
            format={(v) => (v === null ? NO_VALUE : formatMetric(metric, v))}
            height={64}
          />
        </Box>
      ) : null}
    </SectionCard>
  );
}

/** The YoY Revenue, Price to Earnings, Price to Sales and YoY EPS sections of a symbol. */
export function MetricSections({
  asset,
  earnings,
  closes,
  compact,
}: {
  asset: AssetInfoResponse;
  earnings: SymbolEarningsResponse | undefined;
  closes: readonly { date: string; close: number }[];
  compact?: boolean;
}) {
  const rows = earnings?.earnings ?? [];
  const price = asset.quote?.price ?? null;
  const now = useMemo(() => Date.now(), []);
  const current = useMemo(
    () => currentMetrics(rows, price, asset.sharesOutstanding, now),
    [rows, price, asset.sharesOutstanding, now],
  );
  const history = useMemo(
    () => metricsAfterEachReport(rows, closes, asset.sharesOutstanding),
    [rows, closes, asset.sharesOutstanding],
  );
  const gated = firstGate(earnings?.gated);
  const anyMissing = METRIC_SECTIONS.some((section) => current[section.metric] === null);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {gated && anyMissing ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <UpgradePrompt gate={gated} compact note="P/E and P/S need four quarters of results." />
        </Box>
      ) : null}
      {METRIC_SECTIONS.map((section) => (
        <MetricCard
          key={section.metric}
          {...section}
          value={current[section.metric]}
          history={history}
          limited={gated !== null}
          headingLevel={compact ? 'h3' : 'h2'}
        />
      ))}
    </Box>
  );
}
