import { addDays, CHART_RANGES, type ChartRange, type ChartType, nyDate } from '@eh/domain';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import {
  Box,
  Button,
  Divider,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { ChangeText } from '../../shared/change-text.tsx';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import {
  CHART_RANGE_LABELS,
  CHART_TOGGLES,
  chartChange,
  chartMarkers,
  DEFAULT_CHART_RANGE,
  dailyPoints,
  eventLineTimes,
  intradayPoints,
  rangeRequest,
} from '../../shared/market/chart-data.ts';
import {
  useGetAssetTransactionsQuery,
  useGetIntradaySummariesQuery,
  useGetQuoteQuery,
  useGetSummariesQuery,
  useGetSymbolEarningsQuery,
  useGetSymbolEventsQuery,
} from '../../shared/market/market-api.ts';
import { preferences } from '../../shared/preferences.ts';
import { EmptyState, LoadError } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { type SymbolSectionProps, useTimeZone } from '../../shared/symbol-context.ts';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { chartSettingsChanged, chartSettingsReset, selectChartSettings } from './symbol-settings-slice.ts';

const PriceChart = lazy(() => import('./price-chart.tsx'));

/** Days of daily bars the default summaries call returns (SPEC §9 default history range, 4 years). */
const DEFAULT_SUMMARY_DAYS = 4 * 365;

/** The zoom kept for a symbol (SPEC §3 client preference "symbol zoom"). */
export function keptZoom(symbol: string): ChartRange {
  return preferences.get('symbolZoom')[symbol.toUpperCase()] ?? DEFAULT_CHART_RANGE;
}

function keepZoom(symbol: string, range: ChartRange) {
  preferences.set('symbolZoom', { ...preferences.get('symbolZoom'), [symbol.toUpperCase()]: range });
}

function ChartSettingsMenu() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectChartSettings);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<SettingsOutlinedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="chart-settings-button"
      >
        Chart settings
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} data-testid="chart-settings">
        {CHART_TOGGLES.map((toggle) => (
          <MenuItem
            key={toggle.key}
            role="menuitemcheckbox"
            aria-checked={settings[toggle.key]}
            onClick={() => dispatch(chartSettingsChanged({ [toggle.key]: !settings[toggle.key] }))}
            dense
          >
            <ListItemIcon aria-hidden>
              {settings[toggle.key] ? (
                <CheckBoxIcon fontSize="small" color="primary" />
              ) : (
                <CheckBoxOutlineBlankIcon fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{toggle.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => dispatch(chartSettingsReset())} dense>
          <ListItemText inset>Reset to defaults</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** SPEC §2 Price History: the chart with its ranges (SPEC §3), type and settings (SPEC §9). */
export function PriceTab({ symbol, asset, compact }: SymbolSectionProps) {
  const dispatch = useAppDispatch();
  const timeZone = useTimeZone();
  const settings = useAppSelector(selectChartSettings);
  const [range, setRange] = useState<ChartRange>(() => keptZoom(symbol));
  const today = nyDate(Date.now());
  const request = rangeRequest(range, today);
  // Ranges inside the default 4 years share one cached call with the overview and are cut here.
  const withinDefault = request.kind === 'daily' && request.start >= addDays(today, -DEFAULT_SUMMARY_DAYS);
  const daily = useGetSummariesQuery(
    request.kind === 'daily' && !withinDefault
      ? { symbol, type: asset.type, start: request.start, end: request.end }
      : { symbol, type: asset.type },
  );
  const intraday = useGetIntradaySummariesQuery(
    {
      symbol,
      type: asset.type,
      interval: request.kind === 'intraday' ? request.interval : 5,
      days: request.kind === 'intraday' ? request.days : 1,
      beforeHours: 'true',
      afterHours: 'true',
    },
    { skip: request.kind !== 'intraday' },
  );
  const earnings = useGetSymbolEarningsQuery({ symbol }, { skip: asset.type !== 'stock' && asset.type !== 'otc' });
  const trades = useGetAssetTransactionsQuery({ type: asset.type, symbol });
  const events = useGetSymbolEventsQuery({ symbol });
  // The header's quote (one cached call): the day's move and last price are the ones it shows.
  const { data: liveQuote } = useGetQuoteQuery({ type: asset.type, symbol });
  const quote = liveQuote ?? asset.quote ?? null;

  const dailyStart = request.kind === 'daily' ? request.start : null;
  const points = useMemo(() => {
    if (dailyStart === null) return intradayPoints(intraday.data?.bars ?? [], timeZone);
    return dailyPoints(daily.data?.bars ?? []).filter((point) => (point.time as string) >= dailyStart);
  }, [dailyStart, intraday.data, daily.data, timeZone]);

  const markers = useMemo(
    () =>
      request.kind === 'daily'
        ? chartMarkers(
            points,
            {
              earnings: (earnings.data?.earnings ?? []).filter(
                (row) => row.epsActual !== null || row.revenueActual !== null,
              ),
              dividends: daily.data?.dividends ?? [],
              trades: trades.data?.transactions ?? [],
            },
            settings,
          )
        : [],
    [request.kind, points, earnings.data, daily.data, trades.data, settings],
  );
  const lines = useMemo(
    () =>
      request.kind === 'daily'
        ? eventLineTimes(
            points,
            // Dividend dates already have their markers; lines mark the calls (and an IPO).
            (events.data?.events ?? []).filter((event) => event.eventType === 'call' || event.eventType === 'ipo'),
          )
        : [],
    [request.kind, points, events.data],
  );
  // While another range loads, the chart keeps the last points it drew (it stays mounted, no flash).
  const shown = useRef(points);
  if (points.length >= 2) shown.current = points;
  const display =
    points.length < 2 && (request.kind === 'intraday' ? intraday : daily).isFetching ? shown.current : points;
  const change = chartChange(range, points, quote);
  const active = request.kind === 'intraday' ? intraday : daily;
  const gate = firstGate(daily.data?.gated);

  const chooseRange = (next: ChartRange) => {
    setRange(next);
    keepZoom(symbol, next);
  };

  return (
    <SectionCard
      title="Price history"
      headingLevel={compact ? 'h3' : 'h2'}
      data-testid="price-history"
      action={<ChartSettingsMenu />}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, value: ChartRange | null) => value && chooseRange(value)}
          aria-label="Chart range"
          sx={{ flexWrap: 'wrap' }}
          data-testid="chart-ranges"
        >
          {CHART_RANGES.map((r) => (
            <ToggleButton key={r} value={r} sx={{ px: { xs: 1, sm: 1.5 }, py: 0.5 }}>
              {CHART_RANGE_LABELS[r]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={settings.chartType}
          onChange={(_, value: ChartType | null) => value && dispatch(chartSettingsChanged({ chartType: value }))}
          aria-label="Chart type"
          data-testid="chart-type"
        >
          <ToggleButton value="line" aria-label="Line chart" sx={{ py: 0.5 }}>
            <ShowChartIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="candlestick" aria-label="Candlestick chart" sx={{ py: 0.5 }}>
            <CandlestickChartIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        {change ? (
          <Typography variant="body2" sx={{ ml: { sm: 'auto' } }} data-testid="range-change">
            {CHART_RANGE_LABELS[range]} <ChangeText change={change.change} percent={change.changePercent} />
          </Typography>
        ) : null}
      </Box>
      {display.length < 2 && active.isFetching ? (
        <Skeleton variant="rounded" height={420} />
      ) : active.error && !active.isFetching ? (
        <LoadError error={active.error} onRetry={active.refetch} />
      ) : display.length < 2 ? (
        <EmptyState>
          {request.kind === 'intraday' ? 'No intraday prices for this range yet.' : 'No prices for this range yet.'}
        </EmptyState>
      ) : (
        <Box sx={{ position: 'relative' }} aria-busy={active.isFetching}>
          {active.isFetching ? (
            <LinearProgress
              aria-label="Loading prices"
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
            />
          ) : null}
          <Suspense fallback={<Skeleton variant="rounded" height={420} />}>
            <PriceChart
              points={display}
              settings={settings}
              markers={display === points ? markers : []}
              eventLines={settings.eventLines && display === points ? lines : []}
              intraday={typeof display[0]?.time === 'number'}
              baseline={display === points ? change?.first : undefined}
              currency={asset.currency}
              label={`${symbol.toUpperCase()} ${settings.chartType} chart, ${CHART_RANGE_LABELS[range]}: ${display.length} points`}
            />
          </Suspense>
        </Box>
      )}
      <Box
        component="ul"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
        aria-label="Chart markers"
      >
        {[
          { letter: 'E', text: 'Earnings', on: settings.earnings },
          { letter: 'D', text: 'Ex-dividend', on: true },
          { letter: 'B', text: 'Community buy', on: settings.buys },
          { letter: 'S', text: 'Community sell', on: settings.sells },
          { letter: 'C', text: 'Comment', on: settings.comments },
        ]
          .filter((item) => item.on && request.kind === 'daily')
          .map((item) => (
            <Typography component="li" variant="caption" color="text.secondary" key={item.letter}>
              <strong>{item.letter}</strong> {item.text}
            </Typography>
          ))}
        {request.kind === 'intraday' ? (
          <Typography component="li" variant="caption" color="text.secondary">
            Times in {timeZone.replace(/_/g, ' ')}, pre- and after-market included
          </Typography>
        ) : null}
      </Box>
      {gate ? (
        <Box sx={{ mt: 2 }}>
          <UpgradePrompt gate={gate} compact note="Only the latest dividend is marked on the chart." />
        </Box>
      ) : null}
    </SectionCard>
  );
}
