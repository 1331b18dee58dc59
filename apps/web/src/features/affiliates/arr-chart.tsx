/**
 * The referred ARR day by day (lightweight-charts, in this chunk only): an area under the line, dollars on the
 * right scale. The numbers it draws are also the figure above it and the table's, for readers who cannot see it.
 */
import { useTheme } from '@mui/material';
import {
  AreaSeries,
  type AutoscaleInfo,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';

/** The scale's top when the ARR is smaller (or nothing yet). */
const MIN_SCALE_DOLLARS = 100;

export interface ArrPoint {
  date: string;
  /** Cents. */
  arr: number;
}

export default function ArrChart({ series, label }: { series: ArrPoint[]; label: string }) {
  const theme = useTheme();
  const ref = useRef<HTMLElement>(null);
  const [chart, setChart] = useState<IChartApi | null>(null);
  const [area, setArea] = useState<ISeriesApi<'Area'> | null>(null);
  const palette = theme.palette;

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const created = createChart(container, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
    });
    setChart(created);
    setArea(
      created.addSeries(AreaSeries, {
        lineWidth: 2,
        priceLineVisible: false,
        // From $0 up, and at least to $100: a flat zero line sits on the axis instead of mid-chart.
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const range = original()?.priceRange;
          return { priceRange: { minValue: 0, maxValue: Math.max(range?.maxValue ?? 0, MIN_SCALE_DOLLARS) } };
        },
      }),
    );
    return () => {
      setChart(null);
      setArea(null);
      requestAnimationFrame(() => created.remove());
    };
  }, []);

  useEffect(() => {
    chart?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text.secondary,
        fontFamily: theme.typography.fontFamily,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: palette.divider } },
      rightPriceScale: { borderColor: palette.divider },
      timeScale: { borderColor: palette.divider },
      localization: {
        priceFormatter: (dollars: number) =>
          new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
            dollars,
          ),
      },
    });
    area?.applyOptions({
      lineColor: palette.primary.main,
      topColor: `${palette.primary.main}55`,
      bottomColor: `${palette.primary.main}05`,
    });
  }, [chart, area, palette, theme.typography.fontFamily]);

  useEffect(() => {
    if (!area || !chart) return;
    area.setData(series.map((point) => ({ time: point.date, value: point.arr / 100 })));
    chart.timeScale().fitContent();
  }, [area, chart, series]);

  // The whole history at any width: a narrower window (a phone turned, a resized one) fits it again.
  useEffect(() => {
    const container = ref.current;
    if (!chart || !container) return;
    let live = true;
    const observer = new ResizeObserver(() =>
      requestAnimationFrame(() => {
        if (live) chart.timeScale().fitContent();
      }),
    );
    observer.observe(container);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [chart]);

  // A figure named by its summary, as the price chart is (the library's own elements sit inside it).
  return (
    <figure
      ref={ref}
      aria-label={label}
      data-testid="affiliate-arr-chart"
      style={{ height: 220, margin: 0, minWidth: 0, overflow: 'hidden' }}
    />
  );
}
