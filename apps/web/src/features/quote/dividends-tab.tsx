import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDate, formatPercent, formatPrice } from '../market/format.ts';
import { useGetAssetDividendsQuery } from '../market/market-api.ts';
import { forwardYield, frequencyLabel, paymentFact } from './dividends-view.ts';
import { MiniBars } from './mini-bars.tsx';
import { EmptyState, LoadError, LoadingRows } from './query-state.tsx';
import { SectionCard } from './section-card.tsx';
import type { SymbolSectionProps } from './symbol-context.ts';
import { firstGate, UpgradePrompt } from './upgrade-prompt.tsx';

/**
 * Ex-dividend and payment dates with amounts; the yield from the latest amount and its frequency; the next payment
 * when one is announced, else the last one paid (a "next" date is never in the past).
 */
export function DividendsTab({ symbol, asset, compact }: SymbolSectionProps) {
  const dividends = useGetAssetDividendsQuery({ symbol, type: asset.type });
  const items = dividends.data?.items ?? [];
  const gate = firstGate(dividends.data?.gated);
  const latest = items[0];
  const yieldPct = forwardYield(latest, asset.quote?.price ?? null);
  const payment = paymentFact(items, Date.now());
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SectionCard title="Dividends" headingLevel={compact ? 'h3' : 'h2'} data-testid="dividends">
        {dividends.isLoading ? (
          <LoadingRows rows={5} />
        ) : dividends.error ? (
          <LoadError error={dividends.error} onRetry={dividends.refetch} />
        ) : items.length === 0 && !gate ? (
          <EmptyState>{asset.name} pays no dividend on record.</EmptyState>
        ) : (
          <>
            {latest ? (
              <Box
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}
              >
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    Latest amount
                  </Typography>
                  <Typography sx={{ fontWeight: 700, fontSize: '1.3rem' }}>{formatPrice(latest.amount)}</Typography>
                </Box>
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    Frequency
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{frequencyLabel(latest.frequency)}</Typography>
                </Box>
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    Yield (forward)
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{formatPercent(yieldPct, { signed: false })}</Typography>
                </Box>
                <Box data-testid="dividend-payment">
                  <Typography variant="body2" color="text.secondary">
                    {payment.label}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{formatDate(payment.date)}</Typography>
                </Box>
              </Box>
            ) : null}
            {items.length > 2 ? (
              <Box sx={{ mb: 2 }}>
                <MiniBars
                  label="Dividend per share by ex-date"
                  format={(v) => formatPrice(v)}
                  bars={[...items]
                    .reverse()
                    .slice(-16)
                    .map((d) => ({ label: d.exDate.slice(2, 7), value: d.amount }))}
                  height={72}
                />
              </Box>
            ) : null}
            <TableScroll bleed label="Dividends">
              <Table size="small" aria-label="Dividends" data-testid="dividends-table">
                <TableHead>
                  <TableRow>
                    <TableCell>Ex-date</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Record</TableCell>
                    <TableCell>Payment</TableCell>
                    <TableCell>Declared</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.slice(0, compact ? 8 : undefined).map((d) => (
                    <TableRow key={d.exDate} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.exDate)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {formatPrice(d.amount)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.recordDate)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.paymentDate)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.declaredDate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
            {gate ? (
              <Box sx={{ mt: 2 }}>
                <UpgradePrompt gate={gate} note="You see the latest dividend." />
              </Box>
            ) : null}
          </>
        )}
      </SectionCard>
    </Box>
  );
}
