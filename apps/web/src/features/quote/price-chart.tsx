/**
 * The price chart (lightweight-charts, loaded only with this chunk): line or candlestick, optional volume,
 * markers for earnings, dividends and community trades, vertical event lines, crosshair switches, price or
 * percent axis, and the navigator strip under it for moving through the range.
 */
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type IPrimitivePaneRenderer,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type ISeriesPrimitive,
  LineSeries,
  type LogicalRange,
  type MouseEventParams,
  PriceScaleMode,
  type SeriesMarker,
  type SeriesType,
  type TickMarkFormatter,
  TickMarkType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import {
  type ChartMarker,
  type ChartPoint,
  type ChartSettings,
  type ChartTime,
  MARKER_STYLE,
  type MarkerKind,
} from '../../shared/market/chart-data.ts';
import { formatCompact, formatPrice } from '../../shared/market/format.ts';

export interface PriceChartProps {
  points: readonly ChartPoint[];
  settings: ChartSettings;
  markers: readonly ChartMarker[];
  eventLines: readonly ChartTime[];
  /** Intraday points (seconds) rather than days. */
  intraday: boolean;
  currency: string;
  /** Accessible summary of what the chart shows. */
  label: string;
  /** What the line's colour compares the last close with (the previous close for a day); the first close if absent. */
  baseline?: number | undefined;
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** Vertical lines across the pane at the given times (the "event lines" setting). */
class EventLines implements ISeriesPrimitive<Time> {
  private times: readonly ChartTime[] = [];
  private xs: number[] = [];
  private chart: IChartApi | null = null;
  private requestUpdate: (() => void) | null = null;
  private color: string;
  constructor(color: string) {
    this.color = color;
  }
  attached({ chart, requestUpdate }: { chart: IChartApi; requestUpdate: () => void }) {
    this.chart = chart;
    this.requestUpdate = requestUpdate;
  }
  detached() {
    this.chart = null;
    this.requestUpdate = null;
  }
  set(times: readonly ChartTime[], color: string) {
    this.times = times;
    this.color = color;
    this.requestUpdate?.();
  }
  updateAllViews() {
    const scale = this.chart?.timeScale();
    this.xs = scale
      ? this.times
          .map((time) => scale.timeToCoordinate(time as Time))
          .filter((x): x is NonNullable<typeof x> => x !== null)
      : [];
  }
  paneViews() {
    const xs = this.xs;
    const color = this.color;
    return [
      {
        zOrder: () => 'bottom' as const,
        renderer: () => ({
          draw: (target: DrawTarget) => {
            target.useBitmapCoordinateSpace(({ context, bitmapSize, horizontalPixelRatio }) => {
              // Dashed and faint: context for the price, never competing with it.
              const width = Math.max(1, Math.floor(horizontalPixelRatio));
              const dash = Math.round(4 * horizontalPixelRatio);
              context.globalAlpha = 0.55;
              context.fillStyle = color;
              for (const x of xs) {
                const left = Math.round(x * horizontalPixelRatio);
                for (let y = 0; y < bitmapSize.height; y += dash * 2) context.fillRect(left, y, width, dash);
              }
              context.globalAlpha = 1;
            });
          },
        }),
      },
    ];
  }
}

/**
 * Runs a clean-up that touches the main chart. When the chart type or theme changes, the chart is removed
 * before the effects that fed it clean up, and the library then throws 'Object is disposed': nothing is left to
 * undo.
 */
function whileAlive(cleanUp: () => void) {
  try {
    cleanUp();
  } catch (error) {
    if (!(error instanceof Error && error.message === 'Object is disposed')) throw error;
  }
}

/** A day tick reads 'Mar 3' rather than a bare '3'; months, years and times keep the library's labels. */
const dayTickLabel: TickMarkFormatter = (time, type) => {
  if (type !== TickMarkType.DayOfMonth) return null;
  const date =
    typeof time === 'number'
      ? new Date(time * 1000)
      : typeof time === 'string'
        ? new Date(`${time}T12:00:00Z`)
        : new Date(Date.UTC(time.year, time.month - 1, time.day, 12));
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
};

interface PriceSeries {
  series: ISeriesApi<SeriesType>;
  markers: ISeriesMarkersPluginApi<Time>;
  lines: EventLines;
  chartType: ChartSettings['chartType'];
}

interface Legend {
  time: string;
  point: ChartPoint;
}

function timeLabel(time: ChartTime, intraday: boolean): string {
  if (typeof time === 'string') {
    return new Date(`${time}T12:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
  }
  // Intraday points carry the reader's wall clock as UTC (chart-data.ts wallClockSeconds).
  return new Date(time * 1000).toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(intraday ? {} : { year: 'numeric' }),
  });
}

export default function PriceChart({
  points,
  settings,
  markers,
  eventLines,
  intraday,
  currency,
  label,
  baseline,
}: PriceChartProps) {
  const theme = useTheme();
  const mainRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  // One chart for the component's life (the library's advice): settings change its options and series.
  const [chart, setChart] = useState<IChartApi | null>(null);
  const [price, setPrice] = useState<PriceSeries | null>(null);
  const [legend, setLegend] = useState<Legend | null>(null);
  const [windowBox, setWindowBox] = useState<{ left: number; width: number } | null>(null);
  const pointsRef = useRef(points);
  pointsRef.current = points;

  const palette = theme.palette;
  const up = palette.success.main;
  const down = palette.error.main;
  const first = baseline ?? points[0]?.close ?? 0;
  const last = points.at(-1)?.close ?? 0;
  const lineColor = last >= first ? up : down;
  const chartType = settings.chartType;
  const fontFamily = theme.typography.fontFamily;

  useEffect(() => {
    const container = mainRef.current;
    if (!container) return;
    const created = createChart(container, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
      timeScale: { secondsVisible: false },
    });
    setChart(created);
    return () => {
      setChart(null);
      // After the library's own pending frame (a resize), so that it never meets a removed chart.
      requestAnimationFrame(() => created.remove());
    };
  }, []);

  // Theme and time axis.
  useEffect(() => {
    chart?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text.secondary,
        fontFamily,
      },
      grid: { vertLines: { color: palette.divider }, horzLines: { color: palette.divider } },
      rightPriceScale: { borderColor: palette.divider },
      timeScale: { borderColor: palette.divider, timeVisible: intraday, tickMarkFormatter: dayTickLabel },
    });
  }, [chart, palette, fontFamily, intraday]);

  // The price series of the chosen type, with its markers and event lines.
  useEffect(() => {
    if (!chart) return;
    const series: ISeriesApi<SeriesType> =
      chartType === 'candlestick'
        ? chart.addSeries(CandlestickSeries, {
            upColor: up,
            downColor: down,
            wickUpColor: up,
            wickDownColor: down,
            borderVisible: false,
          })
        : chart.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false });
    const lines = new EventLines(palette.text.disabled);
    series.attachPrimitive(lines);
    setPrice({ series, markers: createSeriesMarkers(series, []), lines, chartType });
    return () => {
      setPrice(null);
      whileAlive(() => chart.removeSeries(series));
    };
  }, [chart, chartType, up, down, palette.text.disabled]);

  // Data, markers, event lines.
  useEffect(() => {
    if (!chart || !price) return;
    const markerColors: Record<MarkerKind, string> = {
      earnings: palette.secondary.main,
      dividend: palette.warning.main,
      buy: palette.success.main,
      sell: palette.error.main,
      comment: palette.info.main,
    };
    if (price.chartType === 'candlestick') {
      price.series.setData(
        points.map(({ time, open, high, low, close }) => ({ time: time as Time, open, high, low, close })),
      );
    } else {
      price.series.applyOptions({ color: lineColor });
      price.series.setData(points.map(({ time, close }) => ({ time: time as Time, value: close })));
    }
    const seriesMarkers: SeriesMarker<Time>[] = markers.map((marker) => ({
      time: marker.time as Time,
      position: MARKER_STYLE[marker.kind].position,
      shape: MARKER_STYLE[marker.kind].shape,
      color: markerColors[marker.kind],
      text: marker.text,
      size: 1,
    }));
    price.markers.setMarkers(seriesMarkers);
    price.lines.set(eventLines, palette.text.disabled);
    chart.timeScale().fitContent();
  }, [chart, price, points, markers, eventLines, lineColor, palette]);

  // The legend follows the crosshair.
  useEffect(() => {
    if (!chart) return;
    const onMove = (param: MouseEventParams<Time>) => {
      const point = param.time === undefined ? undefined : pointsRef.current.find((p) => p.time === param.time);
      setLegend(point ? { time: timeLabel(point.time, intraday), point } : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => whileAlive(() => chart.unsubscribeCrosshairMove(onMove));
  }, [chart, intraday]);

  // Volume bars at the bottom of the pane.
  useEffect(() => {
    if (!chart || !settings.volume) return;
    const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume' });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    volume.setData(
      points.map((p) => ({
        time: p.time as Time,
        value: p.volume,
        color: p.close >= p.open ? `${up}66` : `${down}66`,
      })),
    );
    return () => whileAlive(() => chart.removeSeries(volume));
  }, [chart, settings.volume, points, up, down]);

  // Crosshair lines and the axis mode.
  useEffect(() => {
    chart?.applyOptions({
      crosshair: {
        vertLine: { visible: settings.verticalCrosshair, labelVisible: settings.verticalCrosshair },
        horzLine: { visible: settings.horizontalCrosshair, labelVisible: settings.horizontalCrosshair },
      },
      rightPriceScale: { mode: settings.pricePerShare ? PriceScaleMode.Normal : PriceScaleMode.Percentage },
    });
  }, [chart, settings.verticalCrosshair, settings.horizontalCrosshair, settings.pricePerShare]);

  // The navigator: the whole range small, with the main chart's window drawn over it.
  useEffect(() => {
    const container = navRef.current;
    if (!settings.navigator || !container || !chart) return;
    const nav = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text.secondary,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      rightPriceScale: { visible: false },
      leftPriceScale: { visible: false },
      timeScale: { visible: false },
      crosshair: { vertLine: { visible: false }, horzLine: { visible: false } },
      handleScroll: false,
      handleScale: false,
    });
    const area = nav.addSeries(AreaSeries, {
      lineColor: palette.text.disabled,
      topColor: `${palette.primary.main}33`,
      bottomColor: `${palette.primary.main}05`,
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    area.setData(points.map((p) => ({ time: p.time as Time, value: p.close })));
    nav.timeScale().fitContent();
    const sync = (range: LogicalRange | null) => {
      const width = container.clientWidth;
      const count = points.length;
      if (!range || count < 2 || width === 0) {
        setWindowBox(null);
        return;
      }
      const from = Math.max(0, range.from) / (count - 1);
      const to = Math.min(count - 1, range.to) / (count - 1);
      setWindowBox({ left: from * width, width: Math.max(8, (to - from) * width) });
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(sync);
    sync(chart.timeScale().getVisibleLogicalRange());
    return () => {
      whileAlive(() => chart.timeScale().unsubscribeVisibleLogicalRangeChange(sync));
      setWindowBox(null);
      requestAnimationFrame(() => nav.remove());
    };
  }, [chart, settings.navigator, points, palette]);

  /** Moves the main chart's window so that it is centred where the navigator was pressed. */
  const moveWindowTo = (clientX: number) => {
    const container = navRef.current;
    const main = chart;
    const range = main?.timeScale().getVisibleLogicalRange();
    const count = points.length;
    if (!container || !main || !range || count < 2) return;
    const rect = container.getBoundingClientRect();
    const centre = ((clientX - rect.left) / rect.width) * (count - 1);
    const half = (range.to - range.from) / 2;
    main.timeScale().setVisibleLogicalRange({ from: centre - half, to: centre + half });
  };

  const shown = legend?.point ?? points.at(-1);
  const digitsPrice = (v: number) => formatPrice(v, currency);
  return (
    <Box>
      <Box
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', minHeight: 24, mb: 0.5, fontVariantNumeric: 'tabular-nums' }}
        aria-live="off"
      >
        {shown ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {legend?.time ?? timeLabel(shown.time, intraday)}
            </Typography>
            {settings.chartType === 'candlestick' ? (
              <Typography variant="body2">
                O {digitsPrice(shown.open)} H {digitsPrice(shown.high)} L {digitsPrice(shown.low)} C{' '}
                {digitsPrice(shown.close)}
              </Typography>
            ) : (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="chart-legend-price">
                {digitsPrice(shown.close)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              Vol {formatCompact(shown.volume)}
            </Typography>
          </>
        ) : null}
      </Box>
      <Box
        component="figure"
        ref={mainRef}
        aria-label={label}
        data-testid="price-chart"
        sx={{ height: { xs: 300, sm: 380, md: 420 }, position: 'relative', m: 0 }}
      />
      {settings.navigator ? (
        <Box
          sx={{
            position: 'relative',
            height: 56,
            mt: 1,
            borderTop: 1,
            borderColor: 'divider',
            cursor: 'pointer',
            touchAction: 'none',
          }}
          data-testid="chart-navigator"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            moveWindowTo(event.clientX);
          }}
          onPointerMove={(event) => {
            if (event.buttons === 1) moveWindowTo(event.clientX);
          }}
          aria-hidden
        >
          <Box ref={navRef} sx={{ position: 'absolute', inset: 0 }} />
          {windowBox ? (
            <Box
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: windowBox.left,
                width: windowBox.width,
                border: 2,
                borderColor: 'primary.main',
                borderRadius: 1,
                bgcolor: 'action.hover',
                pointerEvents: 'none',
              }}
            />
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
