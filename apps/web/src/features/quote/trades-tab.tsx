import { Avatar, Box, Chip, List, ListItem, Typography } from '@mui/material';
import { formatDateTime, formatPrice } from '../../shared/market/format.ts';
import { useGetAssetTransactionsQuery } from '../../shared/market/market-api.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { type SymbolSectionProps, useTimeZone } from '../../shared/symbol-context.ts';

const TRADE_LABELS = { buy: 'Bought', sell: 'Sold', add: 'Added', comment: 'Commented' } as const;
const TRADE_COLORS = { buy: 'success', sell: 'error', add: 'info', comment: 'default' } as const;

/** The community's executed buys, sells, adds and comments on this asset (SPEC §5), newest first. */
export function TradesTab({ symbol, asset, compact }: SymbolSectionProps) {
  const timeZone = useTimeZone();
  const trades = useGetAssetTransactionsQuery({ type: asset.type, symbol });
  const items = trades.data?.transactions ?? [];
  return (
    <SectionCard
      title="Community trades"
      headingLevel={compact ? 'h3' : 'h2'}
      subtitle="Buys, sells and comments recorded in members’ stock lists"
      flush
      data-testid="trades"
    >
      {trades.isLoading ? (
        <Box sx={{ px: 2 }}>
          <LoadingRows rows={4} height={48} />
        </Box>
      ) : trades.error ? (
        <Box sx={{ px: 2 }}>
          <LoadError error={trades.error} onRetry={trades.refetch} />
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ px: 2.5 }}>
          <EmptyState>
            No trades on {symbol.toUpperCase()} yet. Members’ buys, sells and comments show here once they record them
            in their stock lists.
          </EmptyState>
        </Box>
      ) : (
        <List disablePadding data-testid="trades-list">
          {items.slice(0, compact ? 10 : undefined).map((trade) => (
            <ListItem key={trade.id} divider sx={{ gap: 1.5, alignItems: 'flex-start', px: { xs: 2, sm: 2.5 } }}>
              <Avatar src={trade.user?.avatarUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                {(trade.user?.name ?? '?').slice(0, 1)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>{trade.user?.name ?? 'A former member'}</Typography>
                  <Chip
                    size="small"
                    label={TRADE_LABELS[trade.type]}
                    color={TRADE_COLORS[trade.type]}
                    variant="outlined"
                  />
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(trade.executedAt, timeZone)}
                  </Typography>
                </Box>
                {trade.quantity !== null ? (
                  <Typography variant="body2">
                    {trade.quantity.toLocaleString('en-US')} shares
                    {trade.price !== null ? ` at ${formatPrice(trade.price)}` : ''}
                  </Typography>
                ) : null}
                {trade.comment ? (
                  <Typography variant="body2" color="text.secondary">
                    {trade.comment}
                  </Typography>
                ) : null}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
