import { DEFAULT_LIMITS } from '@eh/domain';
import { Box, List } from '@mui/material';
import { formatDateTime } from '../../shared/market/format.ts';
import { useGetAssetNewsQuery } from '../../shared/market/market-api.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { type SymbolSectionProps, useTimeZone } from '../../shared/symbol-context.ts';
import { useLiveTargets } from '../live/index.ts';
import { ContentRow, NEWS_TYPE_LABELS } from '../news/index.ts';

/** A company's news, newest first (SPEC §2 Symbol News). */
export function NewsList({ symbol, limit, dense }: { symbol: string; limit?: number; dense?: boolean }) {
  const timeZone = useTimeZone();
  const news = useGetAssetNewsQuery({ symbol, limit: limit ?? DEFAULT_LIMITS.news });
  // The company's news joins the list as it is published.
  useLiveTargets({ newsSymbols: [symbol] });
  if (news.isLoading)
    return (
      <Box sx={{ px: 2 }}>
        <LoadingRows rows={limit && limit < 5 ? limit : 5} height={48} />
      </Box>
    );
  if (news.error)
    return (
      <Box sx={{ px: 2 }}>
        <LoadError error={news.error} onRetry={news.refetch} />
      </Box>
    );
  const items = news.data?.news ?? [];
  if (items.length === 0)
    return (
      <Box sx={{ px: 2.5 }}>
        <EmptyState>No news about {symbol.toUpperCase()} yet.</EmptyState>
      </Box>
    );
  return (
    <List disablePadding data-testid="news-list">
      {items.map((item) => (
        <ContentRow
          key={item.id}
          inset
          kind={NEWS_TYPE_LABELS[item.newsType] ?? item.newsType}
          meta={`${formatDateTime(item.createdDate, timeZone)}${item.author ? ` · ${item.author}` : ''}`}
          title={item.title}
          href={`/news/${item.id}/${item.slug}`}
          summary={item.summary}
          dense={dense}
        />
      ))}
    </List>
  );
}

export function NewsTab({ symbol, compact }: SymbolSectionProps) {
  return (
    <SectionCard title={`${symbol.toUpperCase()} news`} headingLevel={compact ? 'h3' : 'h2'} flush>
      <NewsList symbol={symbol} limit={compact ? 10 : undefined} />
    </SectionCard>
  );
}
