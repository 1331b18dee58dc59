import { currentWeek, DEFAULT_LIMITS, EH500_NOT_RANKED, nextWeek } from '@eh/domain';
import { Box, Button, Chip, Link, List, ListItem, ListItemButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChangeText } from '../../shared/change-text.tsx';
import { useEh500Index } from '../../shared/market/eh500.ts';
import {
  earningsTiming,
  formatCompact,
  formatPrice,
  SESSION_LABELS,
  SESSION_SHORT_LABELS,
} from '../../shared/market/format.ts';
import {
  useGetMoversQuery,
  useGetTagNewsQuery,
  useGetTopMarketEarningsQuery,
  useGetTopMarketQuery,
} from '../../shared/market/market-api.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { CALENDAR_HOME } from '../../shared/routes.ts';
import { SectionCard } from '../../shared/section-card.tsx';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { FeedList } from '../feed/index.ts';
import { useLiveQuotes, useLiveTargets } from '../live/index.ts';
import { NEWS_TAGS, NewsItems, useNewsContentTypes, useNewsTag } from '../news/index.ts';
import { DateStatusChip } from '../quote/index.ts';

/** Rows in each home list (SPEC §9: top market earnings 10). */
const HOME_ROWS = DEFAULT_LIMITS.topMarketEarnings;
const HOME_FEED_ITEMS = 6;
const SCORE_LEADERS = 10;

interface QueryLike {
  isLoading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Row heights as drawn, so a section's placeholders take the room its rows will (nothing below it moves). */
const QUOTE_ROW_PX = 53;
const CALENDAR_ROW_PX = 74;
/** The gap LoadingRows leaves under each placeholder. */
const PLACEHOLDER_GAP_PX = 8;

function Loaded({
  query,
  empty,
  children,
  rowPx = QUOTE_ROW_PX,
}: {
  query: QueryLike;
  empty: boolean;
  children: ReactNode;
  rowPx?: number;
}) {
  if (query.isLoading) return <LoadingRows rows={HOME_ROWS} height={rowPx - PLACEHOLDER_GAP_PX} />;
  if (query.error)
    return <LoadError error={query.error as Parameters<typeof LoadError>[0]['error']} onRetry={query.refetch} />;
  if (empty) return <EmptyState>Nothing to list right now.</EmptyState>;
  return <>{children}</>;
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} size="small">
      {children}
    </Button>
  );
}

interface QuoteRow {
  symbol: string;
  name: string;
  price: number | null;
  changePercent: number | null;
  aside?: ReactNode;
}

/** Symbol, name, price and change: the rows of the market lists. */
function QuoteRows({ rows, testId }: { rows: readonly QuoteRow[]; testId: string }) {
  return (
    <List disablePadding dense data-testid={testId}>
      {rows.map((row) => (
        <ListItem key={row.symbol} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`/quote/${encodeURIComponent(row.symbol)}`}
            sx={{ gap: 1.25, px: { xs: 2, sm: 2.5 }, py: 0.75 }}
            data-testid="quote-row"
          >
            <SymbolLogo symbol={row.symbol} size={28} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography component="span" sx={{ fontWeight: 700, display: 'block', lineHeight: 1.3 }}>
                {row.symbol}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
                {row.name}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography
                component="span"
                variant="body2"
                sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', display: 'block' }}
              >
                {row.price !== null ? formatPrice(row.price) : '—'}
              </Typography>
              <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                {row.aside ?? <ChangeText percent={row.changePercent} />}
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

type MoverKind = 'gainers' | 'losers' | 'popular';
const MOVER_TITLES: Readonly<Record<MoverKind, string>> = {
  gainers: 'Top Gainers',
  losers: 'Top Losers',
  popular: 'Most Popular',
};
const MOVER_SUBTITLES: Readonly<Record<MoverKind, string>> = {
  gainers: 'Biggest rises today, companies worth $1B or more',
  losers: 'Biggest falls today, companies worth $1B or more',
  popular: 'The most followed symbols',
};

export function MoversSection({ kind }: { kind: MoverKind }) {
  const movers = useGetMoversQuery({ type: kind, limit: HOME_ROWS });
  const rows = movers.data?.assets ?? [];
  useLiveQuotes(rows);
  return (
    <SectionCard title={MOVER_TITLES[kind]} subtitle={MOVER_SUBTITLES[kind]} flush data-testid={`home-${kind}`}>
      <Box sx={{ px: movers.isLoading || movers.error || rows.length === 0 ? 2.5 : 0 }}>
        <Loaded query={movers} empty={rows.length === 0}>
          <QuoteRows rows={rows} testId={`${kind}-rows`} />
        </Loaded>
      </Box>
    </SectionCard>
  );
}

export function TopMarketCapSection() {
  const top = useGetTopMarketQuery({ limit: HOME_ROWS });
  useLiveQuotes(top.data?.assets);
  const rows = (top.data?.assets ?? []).map((asset) => ({
    symbol: asset.symbol,
    name: asset.name,
    price: asset.quote?.price ?? null,
    changePercent: asset.quote?.changePercent ?? null,
    aside: (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {formatCompact(asset.marketCap, { currency: true })}
      </Box>
    ),
  }));
  return (
    <SectionCard title="Top Market Cap" subtitle="The largest companies we cover" flush data-testid="home-market-cap">
      <Box sx={{ px: top.isLoading || top.error || rows.length === 0 ? 2.5 : 0 }}>
        <Loaded query={top} empty={rows.length === 0}>
          <QuoteRows rows={rows} testId="market-cap-rows" />
        </Loaded>
      </Box>
    </SectionCard>
  );
}

/**
 * The top-market call also returns the past week's reports; asking for this many and keeping this calendar week
 * and the next leaves enough of the largest companies to fill the section.
 */
const HOME_CALENDAR_CANDIDATES = HOME_ROWS * 5;

/**
 * Notable reports of this calendar week and the next (SPEC §4 week rule: on a weekend "this week" is the coming
 * one): the largest companies reporting, soonest first, with time, session and status.
 */
export function CalendarSection() {
  const timeZone = useTimeZone();
  const earnings = useGetTopMarketEarningsQuery({ limit: HOME_CALENDAR_CANDIDATES });
  const week = currentWeek(new Date());
  const last = nextWeek(week).end;
  const rows = (earnings.data?.earnings ?? [])
    .filter((row) => row.date >= week.start && row.date <= last)
    .slice(0, HOME_ROWS)
    .sort((a, b) => `${a.date}${a.time ?? ''}`.localeCompare(`${b.date}${b.time ?? ''}`));
  return (
    <SectionCard
      title="Earnings Calendar"
      subtitle="Notable reports this week and next"
      action={<MoreLink to={CALENDAR_HOME}>Full calendar</MoreLink>}
      flush
      data-testid="home-calendar"
    >
      <Box sx={{ px: earnings.isLoading || earnings.error || rows.length === 0 ? 2.5 : 0 }}>
        <Loaded query={earnings} empty={rows.length === 0} rowPx={CALENDAR_ROW_PX}>
          <List disablePadding dense data-testid="calendar-rows">
            {rows.map((row) => {
              const timing = earningsTiming(row, timeZone);
              return (
                <ListItem key={row.id} divider sx={{ gap: 1.25, px: { xs: 2, sm: 2.5 }, py: 0.75 }}>
                  <SymbolLogo symbol={row.symbol} size={28} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Link
                      component={RouterLink}
                      to={`/quote/${encodeURIComponent(row.symbol)}/earnings`}
                      sx={{ fontWeight: 700, display: 'block', lineHeight: 1.3 }}
                    >
                      {row.symbol}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {timing.date.replace(/, \d{4}$/, '')}
                      {timing.time ? `, ${timing.time}` : ''}
                      {row.session ? (
                        <>
                          {' · '}
                          <abbr title={SESSION_LABELS[row.session]} style={{ textDecoration: 'none' }}>
                            {SESSION_SHORT_LABELS[row.session]}
                          </abbr>
                        </>
                      ) : null}
                    </Typography>
                  </Box>
                  <DateStatusChip status={row.dateStatus} />
                </ListItem>
              );
            })}
          </List>
        </Loaded>
      </Box>
    </SectionCard>
  );
}

export function NewsSection() {
  const tag = useNewsTag();
  const news = useGetTagNewsQuery({ tag, limit: DEFAULT_LIMITS.topStories });
  // Top stories are about the most followed companies: their news arrives live and joins when tagged so.
  useLiveTargets({ newsFilter: ['popular'] });
  const items = news.data?.news ?? [];
  return (
    <SectionCard
      title="News"
      subtitle={NEWS_TAGS.find((item) => item.key === tag)?.label ?? tag}
      action={<MoreLink to="/news">All news</MoreLink>}
      data-testid="home-news"
    >
      <Loaded query={news} empty={items.length === 0}>
        <NewsItems items={items} dense />
      </Loaded>
    </SectionCard>
  );
}

export function FeedSection() {
  const types = useNewsContentTypes();
  return (
    <SectionCard
      title="Earnings Feed"
      subtitle="Results and call summaries as they land"
      action={<MoreLink to="/earnings-feed">Open the feed</MoreLink>}
      data-testid="home-feed"
    >
      <FeedList types={types} limit={HOME_FEED_ITEMS} dense />
    </SectionCard>
  );
}

/** SPEC §2 Overall Score Widget: the EH500 leaders by rank; the scores themselves come with the Pro plan. */
export function OverallScoreSection() {
  const index = useEh500Index();
  const leaders = (index.data?.constituents ?? []).slice(0, SCORE_LEADERS);
  const gated = Boolean(index.data?.gated);
  return (
    <SectionCard
      title="Overall Score"
      subtitle="EH500 leaders by EHS"
      action={<MoreLink to="/eh500">EH500</MoreLink>}
      flush
      data-testid="home-score"
    >
      <Box sx={{ px: index.isLoading || index.error || leaders.length === 0 ? 2.5 : 0 }}>
        {index.notRanked ? <EmptyState>{EH500_NOT_RANKED}</EmptyState> : null}
        <Loaded query={index} empty={!index.notRanked && leaders.length === 0}>
          <List disablePadding dense data-testid="score-rows">
            {leaders.map((row) => (
              <ListItem key={row.symbol} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={`/quote/${encodeURIComponent(row.symbol)}/ehs`}
                  sx={{ gap: 1.25, px: { xs: 2, sm: 2.5 }, py: 0.75 }}
                >
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ width: 24, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {row.rank}
                  </Typography>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography component="span" sx={{ fontWeight: 700, display: 'block', lineHeight: 1.3 }}>
                      {row.symbol}
                    </Typography>
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      noWrap
                      sx={{ display: 'block' }}
                    >
                      {row.name}
                    </Typography>
                  </Box>
                  {row.score !== null ? (
                    <Chip size="small" color="primary" label={row.score.toFixed(1)} sx={{ fontWeight: 700 }} />
                  ) : null}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {gated ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pt: 1 }}>
              Scores come with the{' '}
              <Link component={RouterLink} to="/pricing">
                Pro plan
              </Link>
              ; the ranking is free.
            </Typography>
          ) : null}
        </Loaded>
      </Box>
    </SectionCard>
  );
}
