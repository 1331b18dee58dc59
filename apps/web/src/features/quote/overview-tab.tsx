import { Box, Button, Link, Skeleton, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChangeText } from '../../shared/change-text.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { dailyPoints, rangeChange } from '../../shared/market/chart-data.ts';
import {
  formatCompact,
  formatEps,
  formatMultiple,
  formatPrice,
  TONE_COLOR,
  toneOf,
} from '../../shared/market/format.ts';
import { useGetSummariesQuery, useGetSymbolEarningsQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { LoadError, LoadingShape } from '../../shared/query-state.tsx';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { SectionCard } from '../../shared/section-card.tsx';
import { SPARKLINE_HEIGHT, Sparkline } from '../../shared/sparkline.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { currentMetrics, EhsWidget, MetricSections } from '../ehs/index.ts';
import { NewsList } from './news-tab.tsx';
import { NextEarnings, NextEarningsPlaceholder } from './next-earnings.tsx';
import { PeersCard } from './peers-card.tsx';
import { RangeBar } from './range-bar.tsx';

const PRICE_TAB = SYMBOL_TABS.find((tab) => tab.key === 'price');
const NEWS_TAB = SYMBOL_TABS.find((tab) => tab.key === 'news');
/** A column on wide screens; on phones its cards join the page's single column (so they can be reordered). */
const columnSx = { display: { xs: 'contents', md: 'grid' }, gap: 2, alignContent: 'start', minWidth: 0 } as const;

/** Trading days the overview's sparkline covers (about three months). */
const SPARK_DAYS = 63;

/** `wide`: a low–high pair, which takes the whole row on phones (two prices side by side overflow half of it). */
function Stat({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        minWidth: 0,
        ...(wide ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : {}),
      }}
    >
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The overview: price at a glance, key stats, next earnings, EHS and the four metric sections, the latest news. */
export function OverviewTab({ symbol, asset, compact }: SymbolSectionProps) {
  const heading = compact ? 'h3' : 'h2';
  const dispatch = useAppDispatch();
  const earnings = useGetSymbolEarningsQuery({ symbol });
  const summaries = useGetSummariesQuery({ symbol, type: asset.type });
  const quote = asset.quote;
  const points = useMemo(() => dailyPoints(summaries.data?.bars ?? []), [summaries.data]);
  const spark = points.slice(-SPARK_DAYS);
  const sparkChange = rangeChange(spark);
  const closes = useMemo(() => points.map((p) => ({ date: String(p.time), close: p.close })), [points]);
  const metrics = useMemo(
    () => currentMetrics(earnings.data?.earnings ?? [], quote?.price ?? null, asset.sharesOutstanding, Date.now()),
    [earnings.data, quote?.price, asset.sharesOutstanding],
  );
  const isStock = asset.type === 'stock' || asset.type === 'otc';
  const price = (
    <SectionCard
      title="Price"
      headingLevel={heading}
      data-testid="overview-price"
      action={
        PRICE_TAB ? (
          <Button component={RouterLink} to={symbolPath(symbol, PRICE_TAB)} size="small">
            Full chart
          </Button>
        ) : null
      }
    >
      {summaries.isLoading ? (
        // The change line and the sparkline's shape, so the card keeps its height when the bars land.
        <LoadingShape>
          <Typography variant="body2" sx={{ mb: 1 }}>
            <Skeleton width="55%" />
          </Typography>
          <Skeleton variant="rounded" height={SPARKLINE_HEIGHT} />
        </LoadingShape>
      ) : sparkChange ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Last 3 months <ChangeText change={sparkChange.change} percent={sparkChange.changePercent} />
          </Typography>
          <Sparkline
            values={spark.map((p) => p.close)}
            label={`${symbol.toUpperCase()} closes over the last 3 months`}
            color={TONE_COLOR[toneOf(sparkChange.change)]}
          />
        </>
      ) : (
        <Typography color="text.secondary">No price history yet.</Typography>
      )}
    </SectionCard>
  );
  const stats = (
    <SectionCard title="Key stats" headingLevel={heading} data-testid="key-stats">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 3,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          // The stats after a wide one fill the half row it leaves on phones.
          gridAutoFlow: 'row dense',
        }}
      >
        <Stat label="Open">{formatPrice(quote?.open, asset.currency)}</Stat>
        <Stat label="Previous close">{formatPrice(quote?.prevClose, asset.currency)}</Stat>
        <Stat label="Volume">{formatCompact(quote?.volume)}</Stat>
        <Stat label="Day range" wide>
          <RangeBar
            low={quote?.lowPrice ?? null}
            high={quote?.highPrice ?? null}
            value={quote?.price ?? null}
            currency={asset.currency}
          />
        </Stat>
        <Stat label="52-week range" wide>
          <RangeBar
            low={asset.fiftyTwoWeekLow}
            high={asset.fiftyTwoWeekHigh}
            value={quote?.price ?? null}
            currency={asset.currency}
          />
        </Stat>
        <Stat label="Market cap">{formatCompact(asset.marketCap, { currency: true })}</Stat>
        {isStock ? (
          <>
            <Stat label="P/E (TTM)">{formatMultiple(metrics.pe)}</Stat>
            <Stat label="EPS (TTM)">{formatEps(metrics.ttmEps)}</Stat>
            <Stat label="Shares outstanding">{formatCompact(asset.sharesOutstanding)}</Stat>
          </>
        ) : null}
      </Box>
    </SectionCard>
  );
  const nextEarnings = isStock ? (
    <SectionCard
      title="Earnings"
      headingLevel={heading}
      data-testid="overview-earnings"
      action={
        <Button
          size="small"
          data-testid="overview-analyst-ratings"
          onClick={() => dispatch(modalOpened({ kind: 'analystRatings', props: { symbol: symbol.toUpperCase() } }))}
        >
          Analyst ratings
        </Button>
      }
    >
      {earnings.isLoading ? (
        <NextEarningsPlaceholder compact={compact} />
      ) : earnings.error ? (
        <LoadError error={earnings.error} onRetry={earnings.refetch} />
      ) : (
        <NextEarnings symbol={symbol} rows={earnings.data?.earnings ?? []} compact={compact} />
      )}
    </SectionCard>
  ) : null;
  const score =
    asset.type === 'stock' ? (
      <SectionCard
        title="Overall Score"
        headingLevel={heading}
        subtitle="EHS, our 0–100 score"
        data-testid="overview-ehs"
        action={
          <Button
            size="small"
            data-testid="overview-ehs-details"
            onClick={() => dispatch(modalOpened({ kind: 'symbolEhs', props: { symbol: symbol.toUpperCase() } }))}
          >
            Details
          </Button>
        }
      >
        <EhsWidget symbol={symbol} compact={compact} />
      </SectionCard>
    ) : null;
  const metricSections = isStock ? (
    earnings.error ? null : (
      <MetricSections asset={asset} earnings={earnings.data} closes={closes} compact={compact} />
    )
  ) : null;
  const peers =
    asset.type === 'stock' && !compact ? (
      <PeersCard symbol={symbol} sector={asset.sector} headingLevel={heading} />
    ) : null;
  const news = !compact ? (
    <SectionCard
      title="News"
      headingLevel={heading}
      flush
      action={
        NEWS_TAB ? (
          <Button component={RouterLink} to={symbolPath(symbol, NEWS_TAB)} size="small">
            All news
          </Button>
        ) : null
      }
    >
      <NewsList symbol={symbol} limit={4} dense />
    </SectionCard>
  ) : null;
  const about =
    asset.description && !compact ? (
      <SectionCard title={`About ${asset.name}`} headingLevel={heading}>
        <Typography sx={{ maxWidth: '75ch' }}>{asset.description}</Typography>
        {asset.website ? (
          <Link href={asset.website} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1 }}>
            {asset.website.replace(/^https?:\/\//, '')}
          </Link>
        ) : null}
      </SectionCard>
    ) : null;
  // Two columns on wide screens; on a phone one column in reading order: price, next report, stats, score…
  const slot = (node: ReactNode, order: number) =>
    node ? <Box sx={{ order: { xs: order, md: 0 }, minWidth: 0 }}>{node}</Box> : null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: compact ? '1fr' : 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={columnSx}>
        {slot(price, 1)}
        {slot(stats, 3)}
        {slot(metricSections, 5)}
        {slot(about, 7)}
      </Box>
      <Box sx={columnSx}>
        {slot(nextEarnings, 2)}
        {slot(score, 4)}
        {slot(news, 6)}
        {slot(peers, 8)}
      </Box>
    </Box>
  );
}
