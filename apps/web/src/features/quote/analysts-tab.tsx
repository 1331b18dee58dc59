import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDate, formatMonth, formatPercent, formatPrice, NO_VALUE } from '../../shared/market/format.ts';
import { useGetAssetRatingsQuery } from '../../shared/market/market-api.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { ConsensusTrend, consensusColor } from './analysts-trend.tsx';
import { CONSENSUS_KEYS, CONSENSUS_LABELS, consensusLabel, priceTargets } from './analysts-view.ts';
import { RangeBar } from './range-bar.tsx';

/** Ratings listed at first, and added by each "Show more". */
const RATINGS_PAGE = 25;

const ACTION_COLORS: Record<string, 'success' | 'error' | 'info' | 'default'> = {
  upgrade: 'success',
  downgrade: 'error',
  initiate: 'info',
};

/** Analyst ratings: the consensus trend, price targets, and every firm's calls (plus: analystRatings). */
export function AnalystsTab({ symbol, asset, compact }: SymbolSectionProps) {
  const ratings = useGetAssetRatingsQuery({ symbol });
  const heading = compact ? 'h3' : 'h2';
  const gate = firstGate(ratings.data?.gated);
  const items = ratings.data?.ratings ?? [];
  const consensus = ratings.data?.consensus ?? null;
  const targets = priceTargets(items);
  const [shown, setShown] = useState(RATINGS_PAGE);
  const price = asset.quote?.price ?? null;
  if (ratings.isLoading) return <LoadingRows rows={6} />;
  if (ratings.error) return <LoadError error={ratings.error} onRetry={ratings.refetch} />;
  if (items.length === 0 && !consensus && gate) {
    return (
      <SectionCard title="Analyst ratings" headingLevel={heading}>
        <UpgradePrompt gate={gate} />
      </SectionCard>
    );
  }
  const total = consensus ? CONSENSUS_KEYS.reduce((sum, key) => sum + consensus[key], 0) : 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: compact ? '1fr' : '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        title="Consensus"
        headingLevel={heading}
        subtitle={consensus ? `As of ${formatMonth(consensus.month)}` : undefined}
        data-testid="analyst-consensus"
      >
        {consensus && total > 0 ? (
          <>
            <Typography sx={{ fontWeight: 700, fontSize: '1.3rem', mb: 1 }}>{consensusLabel(consensus)}</Typography>
            <Box
              sx={{ display: 'flex', gap: '2px', height: 12, borderRadius: 1, overflow: 'hidden', mb: 1 }}
              aria-hidden
            >
              {CONSENSUS_KEYS.map((key) =>
                consensus[key] > 0 ? (
                  <Box key={key} sx={{ flex: consensus[key], bgcolor: consensusColor(key) }} />
                ) : null,
              )}
            </Box>
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
              {CONSENSUS_KEYS.map((key) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={key}
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                >
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: consensusColor(key) }}
                  />
                  {CONSENSUS_LABELS[key]} {consensus[key]}
                </Typography>
              ))}
            </Box>
            <ConsensusTrend trend={ratings.data?.trend ?? []} />
          </>
        ) : (
          <EmptyState>No consensus on record.</EmptyState>
        )}
      </SectionCard>
      <SectionCard title="Price targets" headingLevel={heading} data-testid="price-targets">
        {targets ? (
          <>
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1.5 }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Average
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: '1.3rem' }}>{formatPrice(targets.average)}</Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Upside
                </Typography>
                <Typography sx={{ fontWeight: 600, fontSize: '1.3rem' }}>
                  {price ? formatPercent(((targets.average - price) / price) * 100, { digits: 1 }) : NO_VALUE}
                </Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Firms
                </Typography>
                <Typography sx={{ fontWeight: 600, fontSize: '1.3rem' }}>{targets.count}</Typography>
              </Box>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Low to high, with today’s price
            </Typography>
            <RangeBar low={targets.low} high={targets.high} value={price} currency={asset.currency} />
          </>
        ) : (
          <EmptyState>No price targets on record.</EmptyState>
        )}
      </SectionCard>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard title="Ratings" headingLevel={heading} data-testid="ratings">
          {items.length === 0 ? (
            <EmptyState>No analyst ratings on record for {symbol.toUpperCase()}.</EmptyState>
          ) : (
            <TableScroll bleed label="Analyst ratings">
              <Table size="small" aria-label="Analyst ratings" data-testid="ratings-table">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Firm</TableCell>
                    <TableCell>Action</TableCell>
                    <TableCell>Rating</TableCell>
                    <TableCell align="right">Price target</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.slice(0, compact ? 10 : shown).map((r) => (
                    <TableRow key={`${r.date}-${r.firm}-${r.action}`} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
                      <TableCell>
                        {r.firm}
                        {r.analyst ? (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {r.analyst}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={r.action}
                          color={ACTION_COLORS[r.action] ?? 'default'}
                          sx={{ textTransform: 'capitalize' }}
                        />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {r.fromGrade && r.fromGrade !== r.toGrade ? `${r.fromGrade} → ` : ''}
                        {r.toGrade ?? NO_VALUE}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {r.priorPriceTarget !== null && r.priorPriceTarget !== r.priceTarget
                          ? `${formatPrice(r.priorPriceTarget)} → `
                          : ''}
                        <strong>{formatPrice(r.priceTarget)}</strong>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
          )}
          {!compact && items.length > shown ? (
            <Button onClick={() => setShown((n) => n + RATINGS_PAGE)} sx={{ mt: 1 }}>
              Show more ({items.length - shown} left)
            </Button>
          ) : null}
          {gate ? (
            <Box sx={{ mt: 2 }}>
              <UpgradePrompt gate={gate} />
            </Box>
          ) : null}
        </SectionCard>
      </Box>
    </Box>
  );
}
