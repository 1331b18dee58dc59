import { EH500_NAME, EH500_NOT_RANKED, EH500_RANKING, type Metric } from '@eh/domain';
import { Box, Button, Link, List, ListItem, ListItemButton, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useEh500Index } from '../../shared/market/eh500.ts';
import { formatDate, formatNumber } from '../../shared/market/format.ts';
import { useGetMetricStatsQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { formatMetric, METRIC_SECTIONS, MetricHistogram } from '../ehs/index.ts';

const METRIC_TABS: readonly { metric: Metric; title: string }[] = [
  { metric: 'overallScore', title: 'Overall Score' },
  ...METRIC_SECTIONS.map(({ metric, title }) => ({ metric, title })),
];
const format = (metric: Metric, value: number | null) =>
  metric === 'overallScore' ? formatNumber(value, 1) : formatMetric(metric, value);
const PERCENTILES = [
  ['p10', '10th'],
  ['p25', '25th'],
  ['median', 'Median'],
  ['p75', '75th'],
  ['p90', '90th'],
] as const;
const LEADERS = 25;

function Distribution() {
  const [metric, setMetric] = useState<Metric>('overallScore');
  const stats = useGetMetricStatsQuery({ type: metric, target: EH500_RANKING });
  const bins = stats.data?.histogram ?? [];
  const title = METRIC_TABS.find((tab) => tab.metric === metric)?.title ?? metric;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="dist-h" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h3" component="h2" id="dist-h">
        How the {EH500_NAME} spreads
      </Typography>
      <Tabs
        value={metric}
        onChange={(_, value: Metric) => setMetric(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Metric"
        sx={{ my: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {METRIC_TABS.map((tab) => (
          <Tab key={tab.metric} value={tab.metric} label={tab.title} />
        ))}
      </Tabs>
      {stats.isLoading ? (
        <LoadingRows rows={4} height={40} />
      ) : stats.error ? (
        <LoadError error={stats.error} onRetry={stats.refetch} />
      ) : bins.length === 0 || !stats.data ? (
        <EmptyState>No {EH500_NAME} figures yet.</EmptyState>
      ) : (
        <Box data-testid="ehs-distribution">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {stats.data.count} companies{stats.data.date ? ` on ${formatDate(stats.data.date)}` : ''}
          </Typography>
          <MetricHistogram
            bins={bins}
            height={180}
            label={`Histogram of ${title}: ${bins.map((bin) => bin.count).join(', ')} companies per bin`}
            format={(value) => format(metric, value)}
          />
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mt: 2, mb: 0 }}
            data-testid="ehs-percentiles"
          >
            {PERCENTILES.map(([key, label]) => (
              <Box key={key}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {format(metric, stats.data?.[key] ?? null)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

function Leaderboard() {
  const index = useEh500Index();
  const leaders = (index.data?.constituents ?? []).slice(0, LEADERS);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="leaders-h" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h3" component="h2" id="leaders-h" sx={{ mb: 1 }}>
        Leaderboard
      </Typography>
      {index.isLoading ? (
        <LoadingRows rows={8} />
      ) : index.notRanked ? (
        <EmptyState>{EH500_NOT_RANKED}</EmptyState>
      ) : index.error ? (
        <LoadError error={index.error} onRetry={index.refetch} />
      ) : (
        <>
          <List dense disablePadding data-testid="ehs-leaders">
            {leaders.map((row) => (
              <ListItem key={row.symbol} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={`/quote/${encodeURIComponent(row.symbol)}/ehs`}
                  sx={{ gap: 1.5, borderRadius: 1 }}
                >
                  <Typography
                    component="span"
                    color="text.secondary"
                    sx={{ width: 28, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {row.rank}
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {row.symbol}
                    </Typography>{' '}
                    <Typography component="span" variant="body2" color="text.secondary" noWrap>
                      {row.name}
                    </Typography>
                  </Box>
                  <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {row.score !== null ? row.score.toFixed(1) : ''}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {index.data?.gated ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Ranked by EHS; the scores themselves come with the{' '}
              <Link component={RouterLink} to="/pricing">
                Pro plan
              </Link>
              .
            </Typography>
          ) : null}
          <Button component={RouterLink} to="/eh500" sx={{ mt: 1 }}>
            All {EH500_NAME} members
          </Button>
        </>
      )}
    </Paper>
  );
}

/** /ehs: the score's distribution over the EH500 by metric, and the leaderboard. */
export default function EhsPage() {
  const page = pageById('ehs');
  useDocumentMeta(page.title, page.description);
  const dispatch = useAppDispatch();
  return (
    <PageFrame
      title={page.title}
      description={page.description}
      aside={
        <Button variant="outlined" onClick={() => dispatch(modalOpened({ kind: 'learnMoreEhs' }))}>
          How EHS works
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Distribution />
        <Leaderboard />
      </Box>
    </PageFrame>
  );
}
