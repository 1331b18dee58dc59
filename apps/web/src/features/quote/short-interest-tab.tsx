import { formatCompact, formatDate, formatNumber, formatPercent } from '../../shared/market/format.ts';
import { useGetAssetShortInterestsQuery } from '../../shared/market/market-api.ts';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { firstGate } from '../../shared/upgrade-prompt.tsx';
import { DatedHistorySection } from './dated-history-section.tsx';

/** Shares sold short by settlement date, days to cover and share of the float. */
export function ShortInterestTab({ symbol, asset, compact }: SymbolSectionProps) {
  const short = useGetAssetShortInterestsQuery({ symbol, type: asset.type });
  return (
    <DatedHistorySection
      title="Short interest"
      testId="short-interest"
      compact={compact}
      query={short}
      entries={short.data?.items ?? []}
      gate={firstGate(short.data?.gated)}
      empty={`No short interest reported for ${symbol.toUpperCase()}.`}
      facts={(latest) => [
        { label: 'Shares short', value: formatCompact(latest.sharesShort), valueTestId: 'shares-short' },
        { label: '% of float', value: formatPercent(latest.percentOfFloat, { signed: false }) },
        { label: 'Days to cover', value: formatNumber(latest.daysToCover, 1) },
        { label: 'Settlement', value: formatDate(latest.settlementDate) },
      ]}
      bars={{
        label: 'Change in shares short by settlement',
        format: (v) => formatPercent(v, { digits: 1 }),
        bar: (i) => ({ label: i.settlementDate.slice(5), value: i.changePercent }),
      }}
      table={{
        label: 'Short interest by settlement date',
        testId: 'short-table',
        rowKey: (i) => i.settlementDate,
        columns: [
          { header: 'Settlement', cell: (i) => formatDate(i.settlementDate) },
          { header: 'Shares short', numeric: true, strong: true, cell: (i) => formatNumber(i.sharesShort) },
          { header: 'Change', numeric: true, cell: (i) => formatPercent(i.changePercent, { digits: 1 }) },
          { header: '% of float', numeric: true, cell: (i) => formatPercent(i.percentOfFloat, { signed: false }) },
          { header: 'Days to cover', numeric: true, cell: (i) => formatNumber(i.daysToCover, 1) },
          { header: 'Avg. volume', numeric: true, cell: (i) => formatCompact(i.averageVolume) },
        ],
      }}
      gateNote="You see the latest settlement."
    />
  );
}
