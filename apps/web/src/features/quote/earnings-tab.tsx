import { nyDate } from '@eh/domain';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import {
  formatCompact,
  formatDate,
  formatEps,
  formatPercent,
  NO_VALUE,
  periodLabel,
  TONE_COLOR,
  toneOf,
} from '../../shared/market/format.ts';
import {
  type SymbolEarningsRow,
  useGetAssetGuidanceQuery,
  useGetSymbolEarningsQuery,
} from '../../shared/market/market-api.ts';
import { MiniBars } from '../../shared/mini-bars.tsx';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { openInModalOnPlainClick } from '../../shared/modals/open-in-modal.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { DateStatusChip } from './date-status-chip.tsx';
import { EarningsReactions } from './earnings-reactions.tsx';
import { historyRows, isReported, nextReport, reportedRows } from './earnings-view.ts';
import { NextEarnings, NextEarningsPlaceholder } from './next-earnings.tsx';
import {
  EARNINGS_HISTORY_RANGES,
  EARNINGS_VIEW_MODE_LABELS,
  EARNINGS_VIEW_MODES,
  type EarningsHistoryRange,
  type EarningsViewMode,
  earningsHistorySettingsChanged,
  selectEarningsHistorySettings,
} from './symbol-settings-slice.ts';

const RANGE_LABELS: Readonly<Record<EarningsHistoryRange, string>> = {
  '1y': '1 year',
  '2y': '2 years',
  '4y': '4 years',
  all: 'All',
};

function Surprise({ value }: { value: number | null }) {
  return (
    <Box component="span" sx={{ color: TONE_COLOR[toneOf(value)], fontWeight: 600 }}>
      {formatPercent(value, { digits: 1 })}
    </Box>
  );
}

/** The earnings history settings (SPEC §3): estimates, view mode, range. */
function HistorySettings() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectEarningsHistorySettings);
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="earnings-history-settings"
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={settings.viewMode}
        onChange={(_, value: EarningsViewMode | null) =>
          value && dispatch(earningsHistorySettingsChanged({ viewMode: value }))
        }
        aria-label="Figures shown"
      >
        {EARNINGS_VIEW_MODES.map((mode) => (
          <ToggleButton key={mode} value={mode} sx={{ px: 1.5 }}>
            {EARNINGS_VIEW_MODE_LABELS[mode]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControl size="small" sx={{ minWidth: 120 }}>
        <InputLabel id="earnings-range-label">Range</InputLabel>
        <Select
          labelId="earnings-range-label"
          label="Range"
          value={settings.dateRange}
          onChange={(event) =>
            dispatch(earningsHistorySettingsChanged({ dateRange: event.target.value as EarningsHistoryRange }))
          }
        >
          {EARNINGS_HISTORY_RANGES.map((range) => (
            <MenuItem key={range} value={range}>
              {RANGE_LABELS[range]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={settings.estimatesEnabled}
            onChange={(event) => dispatch(earningsHistorySettingsChanged({ estimatesEnabled: event.target.checked }))}
          />
        }
        label="Estimates"
      />
    </Box>
  );
}

const short = (row: SymbolEarningsRow) => `${row.period} '${String(row.periodYear).slice(2)}`;

function HistoryCharts({
  rows,
  viewMode,
  estimates,
}: {
  rows: readonly SymbolEarningsRow[];
  viewMode: EarningsViewMode;
  estimates: boolean;
}) {
  const ordered = [...rows].filter(isReported).reverse().slice(-12);
  if (ordered.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: viewMode === 'both' ? '1fr 1fr' : '1fr' },
        mb: 2,
      }}
    >
      {viewMode !== 'revenue' ? (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            EPS{estimates ? ' (dashed: estimate)' : ''}
          </Typography>
          <MiniBars
            label="EPS by quarter"
            format={(v) => formatEps(v)}
            bars={ordered.map((row) => ({
              label: short(row),
              value: row.epsActual,
              compare: estimates ? row.epsEstimate : null,
            }))}
          />
        </Box>
      ) : null}
      {viewMode !== 'eps' ? (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Revenue{estimates ? ' (dashed: estimate)' : ''}
          </Typography>
          <MiniBars
            label="Revenue by quarter"
            format={(v) => formatCompact(v, { currency: true })}
            bars={ordered.map((row) => ({
              label: short(row),
              value: row.revenueActual,
              compare: estimates ? row.revenueEstimate : null,
            }))}
          />
        </Box>
      ) : null}
    </Box>
  );
}

/** Estimates against actuals, quarter by quarter (SPEC §3 earnings history settings). */
export function EarningsHistory({ symbol, compact }: SymbolSectionProps) {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectEarningsHistorySettings);
  const earnings = useGetSymbolEarningsQuery({ symbol });
  const today = nyDate(Date.now());
  const rows = historyRows(earnings.data?.earnings ?? [], settings.dateRange, today);
  const gate = firstGate(earnings.data?.gated);
  const showEps = settings.viewMode !== 'revenue';
  const showRevenue = settings.viewMode !== 'eps';
  const est = settings.estimatesEnabled;
  return (
    <SectionCard
      title="Earnings history"
      headingLevel={compact ? 'h3' : 'h2'}
      action={<HistorySettings />}
      data-testid="earnings-history"
    >
      {earnings.isLoading ? (
        <LoadingRows rows={6} />
      ) : earnings.error ? (
        <LoadError error={earnings.error} onRetry={earnings.refetch} />
      ) : rows.length === 0 ? (
        <EmptyState>No reports on record for {symbol.toUpperCase()}.</EmptyState>
      ) : (
        <>
          <HistoryCharts rows={rows} viewMode={settings.viewMode} estimates={est} />
          <TableScroll bleed label="Earnings by quarter">
            <Table size="small" aria-label="Earnings by quarter" data-testid="earnings-table">
              <TableHead>
                <TableRow>
                  <TableCell>Quarter</TableCell>
                  <TableCell>Report date</TableCell>
                  {showEps && est ? <TableCell align="right">EPS est.</TableCell> : null}
                  {showEps ? <TableCell align="right">EPS</TableCell> : null}
                  {showEps && est ? <TableCell align="right">Surprise</TableCell> : null}
                  {showRevenue && est ? <TableCell align="right">Revenue est.</TableCell> : null}
                  {showRevenue ? <TableCell align="right">Revenue</TableCell> : null}
                  {showRevenue && est ? <TableCell align="right">Surprise</TableCell> : null}
                  {showRevenue ? <TableCell align="right">YoY revenue</TableCell> : null}
                  <TableCell align="right">Price move</TableCell>
                  <TableCell>Call</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {periodLabel(row.period, row.periodYear)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(row.date)}
                      {!isReported(row) ? (
                        <Box component="span" sx={{ ml: 1 }}>
                          <DateStatusChip status={row.dateStatus} />
                        </Box>
                      ) : null}
                    </TableCell>
                    {showEps && est ? <TableCell align="right">{formatEps(row.epsEstimate)}</TableCell> : null}
                    {showEps ? (
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {formatEps(row.epsActual)}
                      </TableCell>
                    ) : null}
                    {showEps && est ? (
                      <TableCell align="right">
                        <Surprise value={row.epsSurprisePercent} />
                      </TableCell>
                    ) : null}
                    {showRevenue && est ? (
                      <TableCell align="right">{formatCompact(row.revenueEstimate, { currency: true })}</TableCell>
                    ) : null}
                    {showRevenue ? (
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {formatCompact(row.revenueActual, { currency: true })}
                      </TableCell>
                    ) : null}
                    {showRevenue && est ? (
                      <TableCell align="right">
                        <Surprise value={row.revenueSurprisePercent} />
                      </TableCell>
                    ) : null}
                    {showRevenue ? (
                      <TableCell align="right">{formatPercent(row.yoyPercentChangeRevenue, { digits: 1 })}</TableCell>
                    ) : null}
                    <TableCell align="right">
                      {row.priceMovePercent === null ? NO_VALUE : <Surprise value={row.priceMovePercent} />}
                    </TableCell>
                    <TableCell>
                      {isReported(row) ? (
                        <Link
                          component={RouterLink}
                          to={`/quote/${encodeURIComponent(symbol.toUpperCase())}/${row.periodYear}/${row.period}`}
                          data-testid="earnings-transcript-link"
                          onClick={(event: MouseEvent) =>
                            openInModalOnPlainClick(event, () =>
                              dispatch(
                                modalOpened({
                                  kind: 'earningsTranscript',
                                  props: {
                                    symbol: symbol.toUpperCase(),
                                    periodYear: row.periodYear,
                                    period: row.period,
                                  },
                                }),
                              ),
                            )
                          }
                        >
                          Transcript
                        </Link>
                      ) : (
                        NO_VALUE
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          {gate ? (
            <Box sx={{ mt: 2 }}>
              <UpgradePrompt gate={gate} note="You see the current quarter and the one before it." />
            </Box>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

/** The company's own guidance (pro: corporateGuidance). */
function Guidance({ symbol, compact }: SymbolSectionProps) {
  const guidance = useGetAssetGuidanceQuery({ symbol });
  const gate = firstGate(guidance.data?.gated);
  const items = guidance.data?.guidance ?? [];
  const [all, setAll] = useState(false);
  // The latest outlook first; earlier ones on demand (the list is newest first).
  const latest = items[0]?.issuedDate;
  const shown = all ? items : items.filter((item) => item.issuedDate === latest);
  return (
    <SectionCard
      title="Guidance"
      headingLevel={compact ? 'h3' : 'h2'}
      subtitle={
        latest && !all ? `The company’s own outlook, issued ${formatDate(latest)}` : 'The company’s own outlook'
      }
      data-testid="guidance"
      action={
        items.length > shown.length || all ? (
          <Button size="small" onClick={() => setAll((value) => !value)}>
            {all ? 'Latest only' : `All (${items.length})`}
          </Button>
        ) : null
      }
    >
      {guidance.isLoading ? (
        <LoadingRows rows={2} />
      ) : guidance.error ? (
        <LoadError error={guidance.error} onRetry={guidance.refetch} />
      ) : items.length === 0 && gate ? (
        <UpgradePrompt gate={gate} />
      ) : items.length === 0 ? (
        <EmptyState>No guidance on record.</EmptyState>
      ) : (
        <TableScroll bleed label="Guidance">
          <Table size="small" aria-label="Guidance">
            <TableHead>
              <TableRow>
                <TableCell>Period</TableCell>
                <TableCell>Metric</TableCell>
                <TableCell align="right">Low</TableCell>
                <TableCell align="right">High</TableCell>
                <TableCell align="right">Consensus</TableCell>
                <TableCell>Issued</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((item) => {
                const fmt = (v: number | null) =>
                  item.metric === 'eps' ? formatEps(v) : formatCompact(v, { currency: true });
                return (
                  <TableRow key={`${item.periodYear}-${item.period}-${item.metric}-${item.issuedDate}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodLabel(item.period, item.periodYear)}</TableCell>
                    <TableCell>{item.metric === 'eps' ? 'EPS' : 'Revenue'}</TableCell>
                    <TableCell align="right">{fmt(item.low)}</TableCell>
                    <TableCell align="right">{fmt(item.high)}</TableCell>
                    <TableCell align="right">{fmt(item.consensus)}</TableCell>
                    <TableCell>{formatDate(item.issuedDate)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}

/** The upcoming report with its date's status, source and moves. */
export function UpcomingEarnings({ symbol, compact }: SymbolSectionProps) {
  const earnings = useGetSymbolEarningsQuery({ symbol });
  const rows = earnings.data?.earnings;
  // Once every report on record is out, the card holds the latest one and its title says so.
  const title =
    rows && !nextReport(rows, nyDate(Date.now())) && reportedRows(rows).length > 0
      ? 'Latest report'
      : 'Upcoming report';
  return (
    <SectionCard title={title} headingLevel={compact ? 'h3' : 'h2'} data-testid="upcoming-earnings">
      {earnings.isLoading ? (
        <NextEarningsPlaceholder historyLink={false} />
      ) : earnings.error ? (
        <LoadError error={earnings.error} onRetry={earnings.refetch} />
      ) : (
        <NextEarnings symbol={symbol} rows={earnings.data?.earnings ?? []} historyLink={false} />
      )}
    </SectionCard>
  );
}

export function EarningsTab(props: SymbolSectionProps) {
  // Wide: the upcoming report beside the guidance, the history below. Phone: upcoming, history, then guidance.
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: props.compact ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        },
        gridTemplateAreas: {
          xs: '"upcoming" "history" "reactions" "guidance"',
          md: props.compact
            ? '"upcoming" "history" "reactions" "guidance"'
            : '"upcoming guidance" "history history" "reactions reactions"',
        },
      }}
    >
      <Box sx={{ gridArea: 'upcoming', minWidth: 0 }}>
        <UpcomingEarnings {...props} />
      </Box>
      <Box sx={{ gridArea: 'guidance', minWidth: 0 }}>
        <Guidance {...props} />
      </Box>
      <Box sx={{ gridArea: 'history', minWidth: 0 }}>
        <EarningsHistory {...props} />
      </Box>
      <Box sx={{ gridArea: 'reactions', minWidth: 0 }}>
        <EarningsReactions {...props} />
      </Box>
    </Box>
  );
}
