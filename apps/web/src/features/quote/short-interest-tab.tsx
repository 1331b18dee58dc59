import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatCompact, formatDate, formatNumber, formatPercent } from '../market/format.ts';
import { useGetAssetShortInterestsQuery } from '../market/market-api.ts';
import { MiniBars } from './mini-bars.tsx';
import { EmptyState, LoadError, LoadingRows } from './query-state.tsx';
import { SectionCard } from './section-card.tsx';
import type { SymbolSectionProps } from './symbol-context.ts';
import { firstGate, UpgradePrompt } from './upgrade-prompt.tsx';

/** Shares sold short by settlement date, days to cover and share of the float. */
export function ShortInterestTab({ symbol, asset, compact }: SymbolSectionProps) {
  const short = useGetAssetShortInterestsQuery({ symbol, type: asset.type });
  const items = short.data?.items ?? [];
  const gate = firstGate(short.data?.gated);
  const latest = items[0];
  return (
    <SectionCard title="Short interest" headingLevel={compact ? 'h3' : 'h2'} data-testid="short-interest">
      {short.isLoading ? (
        <LoadingRows rows={5} />
      ) : short.error ? (
        <LoadError error={short.error} onRetry={short.refetch} />
      ) : items.length === 0 && !gate ? (
        <EmptyState>No short interest reported for {symbol.toUpperCase()}.</EmptyState>
      ) : (
        <>
          {latest ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Shares short
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: '1.3rem' }} data-testid="shares-short">
                  {formatCompact(latest.sharesShort)}
                </Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  % of float
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatPercent(latest.percentOfFloat, { signed: false })}
                </Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Days to cover
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatNumber(latest.daysToCover, 1)}</Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Settlement
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatDate(latest.settlementDate)}</Typography>
              </Box>
            </Box>
          ) : null}
          {items.length > 2 ? (
            <Box sx={{ mb: 2 }}>
              <MiniBars
                label="Change in shares short by settlement"
                format={(v) => formatPercent(v, { digits: 1 })}
                bars={[...items]
                  .reverse()
                  .slice(-16)
                  .map((i) => ({ label: i.settlementDate.slice(5), value: i.changePercent }))}
                height={72}
              />
            </Box>
          ) : null}
          <TableScroll bleed label="Short interest by settlement date">
            <Table size="small" aria-label="Short interest by settlement date" data-testid="short-table">
              <TableHead>
                <TableRow>
                  <TableCell>Settlement</TableCell>
                  <TableCell align="right">Shares short</TableCell>
                  <TableCell align="right">Change</TableCell>
                  <TableCell align="right">% of float</TableCell>
                  <TableCell align="right">Days to cover</TableCell>
                  <TableCell align="right">Avg. volume</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.slice(0, compact ? 8 : undefined).map((i) => (
                  <TableRow key={i.settlementDate} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(i.settlementDate)}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {formatNumber(i.sharesShort)}
                    </TableCell>
                    <TableCell align="right">{formatPercent(i.changePercent, { digits: 1 })}</TableCell>
                    <TableCell align="right">{formatPercent(i.percentOfFloat, { signed: false })}</TableCell>
                    <TableCell align="right">{formatNumber(i.daysToCover, 1)}</TableCell>
                    <TableCell align="right">{formatCompact(i.averageVolume)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          {gate ? (
            <Box sx={{ mt: 2 }}>
              <UpgradePrompt gate={gate} note="You see the latest settlement." />
            </Box>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
