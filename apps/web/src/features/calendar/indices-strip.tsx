import { Box, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatNumber, formatPercent, TONE_COLOR, toneOf } from '../../shared/market/format.ts';
import { useGetDelayedMarketQuotesQuery } from '../../shared/market/market-api.ts';
import { symbolPath } from '../../shared/routes.ts';

/** The "indices" calendar toggle: the major indexes above the calendar, 15 minutes delayed. */
export function IndicesStrip() {
  const { data, isLoading, isError } = useGetDelayedMarketQuotesQuery({ limit: 1 });
  if (isError) return null;
  return (
    <Box
      data-testid="indices-strip"
      aria-label="Indices"
      role="region"
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', mb: 2, pb: 0.5, scrollbarWidth: 'thin' }}
    >
      {isLoading || !data
        ? Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} variant="rounded" width={150} height={52} sx={{ flexShrink: 0 }} />
          ))
        : data.indexes.map((quote) => (
            <Box
              key={quote.symbol}
              component={RouterLink}
              to={symbolPath(quote.symbol)}
              sx={{
                flexShrink: 0,
                minWidth: 140,
                px: 1.5,
                py: 0.75,
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                color: 'text.primary',
                textDecoration: 'none',
                '&:hover': { borderColor: 'primary.main' },
              }}
            >
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {quote.name}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography sx={{ fontWeight: 700, fontSize: '0.9rem' }}>{formatNumber(quote.price, 2)}</Typography>
                <Typography variant="caption" sx={{ fontWeight: 700, color: TONE_COLOR[toneOf(quote.changePercent)] }}>
                  {formatPercent(quote.changePercent)}
                </Typography>
              </Box>
            </Box>
          ))}
      {data ? (
        <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center', flexShrink: 0 }}>
          {data.delayMinutes} min delayed
        </Typography>
      ) : null}
    </Box>
  );
}
