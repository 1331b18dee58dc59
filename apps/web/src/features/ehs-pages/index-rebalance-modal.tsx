import { EH500_INDEX_ID, EH500_NAME } from '@eh/domain';
import { Box, Chip, DialogContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../shared/market/format.ts';
import { useGetIndexRebalancesQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';

function Symbols({ symbols, colour }: { symbols: readonly string[]; colour: 'success' | 'error' }) {
  if (symbols.length === 0) return <EmptyState>None.</EmptyState>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {symbols.map((symbol) => (
        <Chip
          key={symbol}
          component={RouterLink}
          to={`/quote/${encodeURIComponent(symbol)}`}
          clickable
          size="small"
          variant="outlined"
          color={colour}
          label={symbol}
        />
      ))}
    </Box>
  );
}

/** SPEC §2 index rebalance modal: `props.date` is the rebalance; what entered and left the index that day. */
export default function IndexRebalanceModal({ entry }: ModalContentProps<'indexRebalance'>) {
  const id = typeof entry.props.indexId === 'string' ? entry.props.indexId : EH500_INDEX_ID;
  const rebalances = useGetIndexRebalancesQuery({ id, limit: 100 });
  const rebalance = rebalances.data?.rebalances.find((item) => item.date === entry.props.date);
  return (
    <DialogContent data-testid="rebalance-details">
      {rebalances.isLoading ? (
        <LoadingRows rows={4} />
      ) : rebalances.error ? (
        <LoadError error={rebalances.error} onRetry={rebalances.refetch} />
      ) : !rebalance ? (
        <EmptyState>No rebalance of the {EH500_NAME} on this date.</EmptyState>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {EH500_NAME} rebalance of {formatDate(rebalance.date)}: {rebalance.added.length} added,{' '}
            {rebalance.removed.length} removed.
          </Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Added
          </Typography>
          <Symbols symbols={rebalance.added} colour="success" />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
            Removed
          </Typography>
          <Symbols symbols={rebalance.removed} colour="error" />
        </>
      )}
    </DialogContent>
  );
}
