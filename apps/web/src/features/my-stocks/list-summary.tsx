import type { ChartRange, ListFigures, Performance } from '@eh/domain';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatDate, formatMoneyChange, formatPercent, formatPrice } from '../../shared/market/format.ts';
import type { PerformanceType } from '../../shared/preferences.ts';
import { changeColor, MASK } from './hidden-details.ts';

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-label`}>
          {label}
        </Typography>
        <Typography variant="h6" data-testid={testId} sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The list's figures: value, day change, cost basis, unrealised gain, performance over the range, cash. */
export function ListSummary({
  figures,
  basis,
  performance,
  since,
  range,
  performanceType,
  cash,
  detailsHidden,
}: {
  figures: ListFigures;
  basis: { cost: number; gain: number; gainPercent: number | null } | null;
  performance: Performance | null;
  since: string | null;
  range: ChartRange;
  performanceType: PerformanceType;
  cash: number;
  detailsHidden: boolean;
}) {
  const amount = (text: string) => (detailsHidden ? MASK : text);
  const change = (dollars: number, percent: number | null) =>
    detailsHidden ? formatPercent(percent) : `${formatMoneyChange(dollars)} (${formatPercent(percent)})`;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 3 }}>
      <Figure label="Value" testId="list-value" value={amount(formatPrice(figures.value))} />
      <Figure
        label="Day change"
        testId="list-day-change"
        value={change(figures.dayChange, figures.dayChangePercent)}
        color={changeColor(figures.dayChange)}
      />
      <Figure label="Cost basis" testId="list-cost-basis" value={basis ? amount(formatPrice(basis.cost)) : '—'} />
      <Figure
        label="Unrealised gain"
        testId="list-unrealised-gain"
        value={basis ? change(basis.gain, basis.gainPercent) : '—'}
        color={changeColor(basis?.gain)}
      />
      <Figure
        // Since the first buy when the range reaches back before it: a 1y window before it reads as no change.
        label={since ? `Performance (since ${formatDate(since)})` : `Performance (${range})`}
        testId="list-performance"
        value={
          performance
            ? performanceType === 'dollar' && !detailsHidden
              ? formatMoneyChange(performance.dollars)
              : formatPercent(performance.percent)
            : '—'
        }
        color={changeColor(performance?.dollars)}
      />
      <Figure label="Cash" testId="list-cash-value" value={amount(formatPrice(cash))} />
    </Box>
  );
}
