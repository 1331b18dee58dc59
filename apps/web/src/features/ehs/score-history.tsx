import { addDays, type IsoDate } from '@eh/domain';
import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { formatChange, formatDate, TONE_COLOR, toneOf } from '../../shared/market/format.ts';
import { type AssetMetricsResponse, useGetAssetMetricsQuery } from '../../shared/market/market-api.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { Sparkline } from '../../shared/sparkline.tsx';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { scoreBand } from './ehs-widget.tsx';

/** A year back from a date, in calendar days. */
const YEAR_DAYS = 365;

type ScoredPoint = { date: IsoDate; score: number };

/** The scored weekly points, oldest first, with the latest one and the last one at least a year before it. */
export function scoreHistory(points: AssetMetricsResponse['points']) {
  const scored: ScoredPoint[] = points.flatMap((p) =>
    p.overallScore === null ? [] : [{ date: p.date, score: p.overallScore }],
  );
  const latest = scored.at(-1) ?? null;
  const yearBack = latest ? addDays(latest.date, -YEAR_DAYS) : null;
  const yearAgo = yearBack ? ([...scored].reverse().find((p) => p.date <= yearBack) ?? null) : null;
  return { scored, latest, yearAgo };
}

/** The EHS week by week (GET /pricing/assets/{symbol}/metrics): a line, the latest score and a year before it. */
export function ScoreHistory({ symbol }: { symbol: string }) {
  const metrics = useGetAssetMetricsQuery({ symbol });
  const history = useMemo(() => scoreHistory(metrics.data?.points ?? []), [metrics.data]);
  if (metrics.isLoading) return <LoadingRows rows={1} height={72} />;
  if (metrics.error) return <LoadError error={metrics.error} onRetry={metrics.refetch} />;
  const gate = metrics.data?.gated;
  if (gate && history.scored.length === 0) {
    return (
      <Box data-testid="ehs-score-history">
        <UpgradePrompt
          gate={{ feature: gate.feature, hidden: 0 }}
          compact
          note="The parts below are free; the weekly history of the score itself is part of Pro."
        />
      </Box>
    );
  }
  const { scored, latest, yearAgo } = history;
  if (!latest) {
    return (
      <Typography color="text.secondary" data-testid="ehs-score-history">
        No weekly score yet: EHS ranks US stocks worth at least $1 billion with a recent report.
      </Typography>
    );
  }
  const change = yearAgo ? Math.round(latest.score) - Math.round(yearAgo.score) : null;
  return (
    <Box data-testid="ehs-score-history">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, alignItems: 'baseline', mb: 1 }}>
        <Typography>
          <Box component="span" sx={{ fontWeight: 800, fontSize: '1.5rem' }} data-testid="ehs-history-latest">
            {Math.round(latest.score)}
          </Box>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            on {formatDate(latest.date)}
          </Typography>
        </Typography>
        {yearAgo && change !== null ? (
          <Typography variant="body2" color="text.secondary" data-testid="ehs-history-year-ago">
            A year ago {Math.round(yearAgo.score)} ({formatDate(yearAgo.date)}){' '}
            <Box component="span" sx={{ color: TONE_COLOR[toneOf(change)], fontWeight: 600 }}>
              {formatChange(change, 0)}
            </Box>
          </Typography>
        ) : null}
      </Box>
      <Sparkline
        values={scored.map((p) => p.score)}
        label={`${symbol.toUpperCase()} EHS week by week since ${formatDate(scored[0]?.date)}`}
        color={`${scoreBand(latest.score).color}.main`}
      />
      <Typography variant="caption" color="text.secondary">
        Weekly, {scored.length} weeks since {formatDate(scored[0]?.date)}
      </Typography>
    </Box>
  );
}
