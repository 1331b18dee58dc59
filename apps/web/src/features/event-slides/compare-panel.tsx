import { addRecentComparison } from '@eh/domain';
import {
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorStatus } from '../../shared/api.ts';
import { formatCompact, formatEps, formatPercent, NO_VALUE } from '../../shared/market/format.ts';
import { useGetSymbolEarningsQuery } from '../../shared/market/market-api.ts';
import { usePreference } from '../settings-sync/index.ts';
import type { QuarterFigures } from './slides-model.ts';

const SYMBOL = /^[A-Za-z0-9.^=\-/]{1,20}$/;

type Row = { label: string; format: (figures: QuarterFigures) => string };
const ROWS: Row[] = [
  { label: 'EPS', format: (f) => formatEps(f.epsActual) },
  { label: 'EPS estimate', format: (f) => formatEps(f.epsEstimate) },
  {
    label: 'Revenue',
    format: (f) => (f.revenueActual === null ? NO_VALUE : formatCompact(f.revenueActual, { currency: true })),
  },
  { label: 'EPS, year over year', format: (f) => formatPercent(f.yoyPercentChangeEPS, { digits: 1 }) },
  { label: 'Revenue, year over year', format: (f) => formatPercent(f.yoyPercentChangeRevenue, { digits: 1 }) },
];

/** The other company's quarter to set beside this one: the same fiscal quarter, else its latest reported one. */
function counterpart(rows: readonly QuarterFigures[], own: QuarterFigures): QuarterFigures | null {
  return (
    rows.find((row) => row.periodYear === own.periodYear && row.period === own.period) ??
    rows.find((row) => row.epsActual !== null) ??
    rows[0] ??
    null
  );
}

/**
 * Sets another company's quarter beside this event's (SPEC §3 "recent comparisons"): the symbols compared last are
 * kept (newest first, ten, synced with the account) and offered as chips.
 */
export function ComparePanel({ own }: { own: QuarterFigures }) {
  const [recent, setRecent] = usePreference('recentComparisons');
  const [other, setOther] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const query = useGetSymbolEarningsQuery({ symbol: other ?? '' }, { skip: !other });
  const theirs = query.data ? counterpart(query.data.earnings, own) : null;

  const compare = (symbol: string) => {
    const upper = symbol.trim().toUpperCase();
    if (!SYMBOL.test(upper) || upper === own.symbol) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setOther(upper);
    setDraft('');
    setRecent(addRecentComparison(recent, upper));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    compare(draft);
  };

  return (
    <Box data-testid="compare-panel">
      <Typography variant="overline" color="text.secondary" component="h3">
        Compare with
      </Typography>
      <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Symbol"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={invalid}
          helperText={invalid ? 'Enter another company’s ticker, e.g. MSFT' : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'compare-input', maxLength: 20, autoCapitalize: 'characters' } }}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
        />
        <Button type="submit" variant="outlined" data-testid="compare-submit">
          Compare
        </Button>
      </Box>
      {recent.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p" id="recent-comparisons-label">
            Recently compared
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
            <Box
              component="ul"
              aria-labelledby="recent-comparisons-label"
              data-testid="recent-comparisons"
              sx={{ display: 'contents', listStyle: 'none', m: 0, p: 0 }}
            >
              {recent.map((symbol) => (
                <li key={symbol}>
                  <Chip
                    label={symbol}
                    size="small"
                    color={symbol === other ? 'primary' : 'default'}
                    variant={symbol === other ? 'filled' : 'outlined'}
                    onClick={() => compare(symbol)}
                    aria-pressed={symbol === other}
                  />
                </li>
              ))}
            </Box>
            <Chip
              label="Clear"
              size="small"
              variant="outlined"
              onClick={() => setRecent([])}
              aria-label="Clear recent comparisons"
              data-testid="compare-clear"
            />
          </Box>
        </Box>
      ) : null}
      {other ? (
        query.isFetching && !theirs ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Loading {other}…
          </Typography>
        ) : errorStatus(query.error) === 404 ? (
          <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid="compare-missing">
            No company with the symbol {other}.
          </Typography>
        ) : theirs ? (
          <Table size="small" sx={{ mt: 1 }} data-testid="compare-table">
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell align="right">
                  {own.symbol} {own.period} {own.periodYear}
                </TableCell>
                <TableCell align="right">
                  {theirs.symbol} {theirs.period} {theirs.periodYear}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ROWS.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell align="right">{row.format(own)}</TableCell>
                  <TableCell align="right">{row.format(theirs)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : query.error ? (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {other}’s earnings could not be loaded.
          </Typography>
        ) : null
      ) : null}
    </Box>
  );
}
