import { EH500_RANKING, EHS_COMPONENTS, EHS_WEIGHTS, type EhsComponent } from '@eh/domain';
import {
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { dailyPoints } from '../../shared/market/chart-data.ts';
import { formatDate } from '../../shared/market/format.ts';
import {
  useGetMetricStatsQuery,
  useGetSummariesQuery,
  useGetSymbolEarningsQuery,
} from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { EmptyState, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { EhsWidget } from './ehs-widget.tsx';
import { formatMetric, METRIC_SECTIONS } from './metric-sections.tsx';
import { ScoreHistory } from './score-history.tsx';
import { currentMetrics, metricsAfterEachReport, positionInDistribution } from './symbol-metrics.ts';

const COMPONENT_TITLES: Readonly<Record<EhsComponent, string>> = Object.fromEntries(
  METRIC_SECTIONS.map((section) => [section.metric, section.title]),
) as Record<EhsComponent, string>;

/** Valuation ranks cheaper higher; growth ranks faster higher (docs/ehs.md). */
const LOWER_IS_BETTER: ReadonlySet<EhsComponent> = new Set(['ps', 'pe']);

function ComponentRow({ component, value }: { component: EhsComponent; value: number | null }) {
  const stats = useGetMetricStatsQuery({ type: component, target: EH500_RANKING });
  const position = stats.data ? positionInDistribution(value, stats.data) : null;
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600 }}>{COMPONENT_TITLES[component]}</TableCell>
      <TableCell align="right">{Math.round(EHS_WEIGHTS[component] * 100)}%</TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {formatMetric(component, value)}
      </TableCell>
      <TableCell align="right">{stats.data ? formatMetric(component, stats.data.median) : '…'}</TableCell>
      <TableCell>
        {position ?? '—'}
        {position && LOWER_IS_BETTER.has(component) ? ' (lower is cheaper)' : ''}
      </TableCell>
    </TableRow>
  );
}

/** SPEC §2 EHS tab: the score, its four parts with their weights and EH500 context, and their history. */
export function EhsTab({ symbol, asset, compact }: SymbolSectionProps) {
  const dispatch = useAppDispatch();
  const heading = compact ? 'h3' : 'h2';
  const earnings = useGetSymbolEarningsQuery({ symbol });
  const summaries = useGetSummariesQuery({ symbol, type: asset.type });
  const rows = earnings.data?.earnings ?? [];
  const price = asset.quote?.price ?? null;
  const current = useMemo(
    () => currentMetrics(rows, price, asset.sharesOutstanding, Date.now()),
    [rows, price, asset.sharesOutstanding],
  );
  const closes = useMemo(
    () => dailyPoints(summaries.data?.bars ?? []).map((p) => ({ date: String(p.time), close: p.close })),
    [summaries.data],
  );
  const history = useMemo(
    () => metricsAfterEachReport(rows, closes, asset.sharesOutstanding),
    [rows, closes, asset.sharesOutstanding],
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: compact ? '1fr' : 'minmax(0, 1fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        title="EHS"
        headingLevel={heading}
        subtitle="The EarningsHub score, 0–100"
        data-testid="ehs-score-card"
      >
        <EhsWidget symbol={symbol} />
      </SectionCard>
      <SectionCard
        title="Components"
        headingLevel={heading}
        subtitle="The four parts of the score, as of the latest report"
        data-testid="ehs-components"
        action={
          <Button size="small" onClick={() => dispatch(modalOpened({ kind: 'learnMoreEhs' }))}>
            Method
          </Button>
        }
      >
        {earnings.isLoading ? (
          <LoadingRows rows={4} />
        ) : (
          <TableScroll bleed label="EHS components">
            <Table size="small" aria-label="EHS components">
              <TableHead>
                <TableRow>
                  <TableCell>Part</TableCell>
                  <TableCell align="right">Weight</TableCell>
                  <TableCell align="right">{symbol.toUpperCase()}</TableCell>
                  <TableCell align="right">EH500 median</TableCell>
                  <TableCell>Standing</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {EHS_COMPONENTS.map((component) => (
                  <ComponentRow key={component} component={component} value={current[component]} />
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Each part is ranked against sector peers, weighted (valuation 50%, growth 50%) and ranked again into the
            score. <RouterLink to="/ehs/learn-more">How EHS works</RouterLink>
          </Typography>
        </Box>
      </SectionCard>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard
          title="History"
          headingLevel={heading}
          subtitle="The score week by week, and its parts right after each report"
          data-testid="ehs-history"
        >
          <Box sx={{ mb: 2 }}>
            <ScoreHistory symbol={symbol} />
          </Box>
          {summaries.isLoading || earnings.isLoading ? (
            <LinearProgress aria-label="Loading history" />
          ) : history.length === 0 ? (
            <EmptyState>No reported quarters yet.</EmptyState>
          ) : (
            <TableScroll bleed label="EHS parts after each report">
              <Table size="small" aria-label="EHS parts after each report">
                <TableHead>
                  <TableRow>
                    <TableCell>Quarter</TableCell>
                    <TableCell>Reported</TableCell>
                    {METRIC_SECTIONS.map((s) => (
                      <TableCell key={s.metric} align="right">
                        {s.title}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...history]
                    .reverse()
                    .slice(0, compact ? 6 : 12)
                    .map((point) => (
                      <TableRow key={point.date}>
                        <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{point.label}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(point.date)}</TableCell>
                        {METRIC_SECTIONS.map((s) => (
                          <TableCell key={s.metric} align="right">
                            {formatMetric(s.metric, point[s.metric])}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </TableScroll>
          )}
        </SectionCard>
      </Box>
    </Box>
  );
}
