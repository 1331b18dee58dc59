import { Box } from '@mui/material';
import { formatDate, formatDividend, formatPercent } from '../../shared/market/format.ts';
import { useGetAssetDividendsQuery } from '../../shared/market/market-api.ts';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { firstGate } from '../../shared/upgrade-prompt.tsx';
import { DatedHistorySection } from './dated-history-section.tsx';
import { forwardYield, frequencyLabel, paymentFact } from './dividends-view.ts';

/**
 * Ex-dividend and payment dates with amounts; the yield from the latest amount and its frequency; the next payment
 * when one is announced, else the last one paid (a "next" date is never in the past).
 */
export function DividendsTab({ symbol, asset, compact }: SymbolSectionProps) {
  const dividends = useGetAssetDividendsQuery({ symbol, type: asset.type });
  const items = dividends.data?.items ?? [];
  const yieldPct = forwardYield(items[0], asset.quote?.price ?? null);
  const payment = paymentFact(items, Date.now());
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <DatedHistorySection
        title="Dividends"
        testId="dividends"
        compact={compact}
        query={dividends}
        entries={items}
        gate={firstGate(dividends.data?.gated)}
        empty={`${asset.name} pays no dividend on record.`}
        facts={(latest) => [
          { label: 'Latest amount', value: formatDividend(latest.amount) },
          { label: 'Frequency', value: frequencyLabel(latest.frequency) },
          { label: 'Yield (forward)', value: formatPercent(yieldPct, { signed: false }) },
          { label: payment.label, value: formatDate(payment.date), testId: 'dividend-payment' },
        ]}
        bars={{
          label: 'Dividend per share by ex-date',
          format: (v) => formatDividend(v),
          bar: (d) => ({ label: d.exDate.slice(2, 7), value: d.amount }),
        }}
        table={{
          label: 'Dividends',
          testId: 'dividends-table',
          rowKey: (d) => d.exDate,
          columns: [
            { header: 'Ex-date', cell: (d) => formatDate(d.exDate) },
            { header: 'Amount', numeric: true, strong: true, cell: (d) => formatDividend(d.amount) },
            { header: 'Record', cell: (d) => formatDate(d.recordDate) },
            { header: 'Payment', cell: (d) => formatDate(d.paymentDate) },
            { header: 'Declared', cell: (d) => formatDate(d.declaredDate) },
          ],
        }}
        gateNote="You see the latest dividend."
      />
    </Box>
  );
}
