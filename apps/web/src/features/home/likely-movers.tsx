import { EXPECTED_MOVE_SOURCE_LABELS, EXPECTED_MOVE_SOURCE_SHORT_LABELS, formatPercent } from '@eh/domain';
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { earningsTiming, SESSION_SHORT_LABELS } from '../../shared/market/format.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { CALENDAR_HOME } from '../../shared/routes.ts';
import { SectionCard } from '../../shared/section-card.tsx';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { useGetLikelyMoversQuery } from './home-api.ts';

/**
 * This week's likely big movers (pro: prePostEarningsMove): the week's reports whose companies are expected to move
 * the most, each figure with where it comes from.
 */
export function LikelyMoversSection() {
  const timeZone = useTimeZone();
  const answer = useGetLikelyMoversQuery();
  const gate = firstGate(answer.data?.gated);
  const movers = answer.data?.movers ?? [];
  return (
    <SectionCard
      title="Likely big movers"
      subtitle="This week’s reports with the largest expected moves"
      flush
      data-testid="home-likely-movers"
    >
      <Box sx={{ px: gate || answer.isLoading || answer.error || movers.length === 0 ? 2.5 : 0, pb: gate ? 2 : 0 }}>
        {answer.isLoading ? (
          <LoadingRows rows={4} />
        ) : answer.error ? (
          <LoadError error={answer.error} onRetry={answer.refetch} />
        ) : gate ? (
          <UpgradePrompt gate={gate} compact />
        ) : movers.length === 0 ? (
          <EmptyState>
            No expected moves for this week’s reports yet. <Link href={CALENDAR_HOME}>See the calendar</Link>
          </EmptyState>
        ) : (
          <List disablePadding dense data-testid="likely-movers">
            {movers.map((mover) => {
              const timing = earningsTiming(mover, timeZone);
              const figure = `±${formatPercent(mover.expectedMove.percent, { signed: false, digits: 1 })}`;
              return (
                <ListItem
                  key={mover.earningsId}
                  divider
                  data-symbol={mover.symbol}
                  sx={{ gap: 1.25, px: { xs: 2, sm: 2.5 }, py: 0.75 }}
                >
                  <SymbolLogo symbol={mover.symbol} size={28} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Link
                      component={RouterLink}
                      to={`/quote/${encodeURIComponent(mover.symbol)}/earnings`}
                      sx={{ fontWeight: 700, display: 'block', lineHeight: 1.3 }}
                    >
                      {mover.symbol}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {timing.date.replace(/, \d{4}$/, '')}
                      {timing.time
                        ? `, ${timing.time}`
                        : mover.session
                          ? ` · ${SESSION_SHORT_LABELS[mover.session]}`
                          : ''}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right' }} title={EXPECTED_MOVE_SOURCE_LABELS[mover.expectedMove.source]}>
                    <Typography sx={{ fontWeight: 700 }} data-testid="expected-move">
                      {figure}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {EXPECTED_MOVE_SOURCE_SHORT_LABELS[mover.expectedMove.source]}
                    </Typography>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </SectionCard>
  );
}
