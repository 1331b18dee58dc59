import { EXPECTED_MOVE_SOURCE_LABELS, formatDate, formatPercent, REACTION_STAT_WINDOWS } from '@eh/domain';
import { Box, Typography } from '@mui/material';
import { periodLabel } from '../../shared/market/format.ts';
import { MiniBars } from '../../shared/mini-bars.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { type ReportReaction, useGetSymbolReactionsQuery } from './reactions-api.ts';

/** The chart shows this many reports at most: three years of quarters. */
const CHART_REPORTS = REACTION_STAT_WINDOWS[REACTION_STAT_WINDOWS.length - 1] as number;

const short = (row: ReportReaction) => `${row.period} '${String(row.periodYear).slice(2)}`;
const pct = (value: number | null) => formatPercent(value, { digits: 1 });

/** How the move follows the surprise, in words (Pearson's r). */
function followsInWords(r: number | null): string | null {
  if (r === null) return null;
  const strength = Math.abs(r) >= 0.6 ? 'strongly' : Math.abs(r) >= 0.3 ? 'loosely' : 'hardly';
  return `${strength}${r < 0 ? ', inversely' : ''} (r = ${r.toFixed(2)})`;
}

/** The latest reaction's other figures: the gap, the five sessions, and against the benchmark. */
function latestInWords(row: ReportReaction): string {
  const parts = [`gap ${pct(row.gapPercent)}`];
  if (row.fiveDayPercent !== null) parts.push(`five sessions ${pct(row.fiveDayPercent)}`);
  if (row.relativePercent !== null)
    parts.push(
      `${formatPercent(Math.abs(row.relativePercent), { signed: false, digits: 1 })} ${row.relativePercent >= 0 ? 'better' : 'worse'} than the S&P 500`,
    );
  return `${periodLabel(row.period, row.periodYear)}: ${parts.join(', ')}`;
}

/**
 * How the stock moved after each report (pro: prePostEarningsMove): each quarter's one-day move beside its EPS
 * surprise, the record in words and the move expected on the next report with its source.
 */
export function EarningsReactions({ symbol, compact }: SymbolSectionProps) {
  const answer = useGetSymbolReactionsQuery({ symbol });
  const data = answer.data;
  const gate = firstGate(data?.gated);
  const moved = (data?.reactions ?? []).filter((row) => row.oneDayPercent !== null);
  const charted = moved.slice(0, CHART_REPORTS).reverse();
  const latest = moved[0];
  const stats = data?.stats ?? null;
  const follows = followsInWords(stats?.epsCorrelation ?? null);
  return (
    <SectionCard
      title="Moves after reports"
      headingLevel={compact ? 'h3' : 'h2'}
      subtitle="The first session after each report against the close before it"
      data-testid="earnings-reactions"
    >
      {answer.isLoading ? (
        <LoadingRows rows={3} />
      ) : answer.error ? (
        <LoadError error={answer.error} onRetry={answer.refetch} />
      ) : gate ? (
        <UpgradePrompt gate={gate} />
      ) : charted.length === 0 ? (
        <EmptyState>No moves after reports on record for {symbol.toUpperCase()} yet.</EmptyState>
      ) : (
        <>
          {data?.summary ? (
            <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="reactions-summary">
              {data.summary}
            </Typography>
          ) : null}
          <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5 }} data-testid="reactions-facts">
            {stats?.largest ? (
              <li>
                Largest move: {pct(stats.largest.oneDayPercent)} after the report of {formatDate(stats.largest.date)}
              </li>
            ) : null}
            {stats ? (
              <li>
                Beat and fell {stats.beatAndFell} {stats.beatAndFell === 1 ? 'time' : 'times'}; missed and rose{' '}
                {stats.missedAndRose} {stats.missedAndRose === 1 ? 'time' : 'times'}
              </li>
            ) : null}
            {follows ? <li>The move follows the EPS surprise {follows}</li> : null}
            {data?.expectedMove ? (
              <li data-testid="expected-move">
                Expected move on the next report: ±
                {formatPercent(data.expectedMove.percent, { signed: false, digits: 1 })} (
                {EXPECTED_MOVE_SOURCE_LABELS[data.expectedMove.source]})
              </li>
            ) : null}
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: compact ? '1fr' : '1fr 1fr' } }}>
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Move after the report
              </Typography>
              <MiniBars
                label="Move after each report"
                format={pct}
                bars={charted.map((row) => ({ label: short(row), value: row.oneDayPercent }))}
              />
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                EPS surprise
              </Typography>
              <MiniBars
                label="EPS surprise of each report"
                format={pct}
                bars={charted.map((row) => ({ label: short(row), value: row.epsSurprisePercent }))}
              />
            </Box>
          </Box>
          {latest ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {latestInWords(latest)}
            </Typography>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
