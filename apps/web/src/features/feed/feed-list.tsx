import type { ContentType } from '@eh/domain';
import { Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../market/format.ts';
import { EmptyState, LoadError, LoadingRows } from '../quote/query-state.tsx';
import { useTimeZone } from '../quote/symbol-context.ts';
import { FEED_KIND_LABELS, type FeedItem } from './feed-model.ts';
import { useFeed } from './use-feed.ts';

const KIND_COLOURS: Readonly<Record<FeedItem['kind'], 'success' | 'info' | 'warning' | 'error' | 'default'>> = {
  earningsResults: 'success',
  article: 'default',
  headline: 'default',
  transcript: 'info',
  transcriptSummary: 'info',
  liveCall: 'error',
  recordedCall: 'warning',
};

/** The earnings feed as a list: kind, symbols, time in the reader's zone, title and summary. */
export function FeedList({ types, limit, dense }: { types: readonly ContentType[]; limit: number; dense?: boolean }) {
  const timeZone = useTimeZone();
  const feed = useFeed(types, limit);
  if (types.length === 0) return <EmptyState>Choose at least one content type to fill the feed.</EmptyState>;
  if (feed.isLoading) return <LoadingRows rows={dense ? 5 : 8} height={dense ? 40 : 56} />;
  if (feed.error) return <LoadError error={feed.error} onRetry={feed.refetch} />;
  if (feed.items.length === 0) return <EmptyState>Nothing of the chosen types yet.</EmptyState>;
  return (
    <List disablePadding data-testid="feed-list">
      {feed.items.map((item) => (
        <ListItem key={item.key} divider sx={{ display: 'block', px: 0, py: dense ? 1 : 1.5 }} data-kind={item.kind}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.25 }}>
            <Chip size="small" color={KIND_COLOURS[item.kind]} variant="outlined" label={FEED_KIND_LABELS[item.kind]} />
            {item.symbols.slice(0, 3).map((symbol) => (
              <Link
                key={symbol}
                component={RouterLink}
                to={`/quote/${encodeURIComponent(symbol)}`}
                variant="caption"
                sx={{ fontWeight: 700 }}
              >
                {symbol}
              </Link>
            ))}
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(item.at, timeZone)}
            </Typography>
          </Box>
          <Link component={RouterLink} to={item.href} sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}>
            {item.title}
          </Link>
          {item.summary && !dense ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {item.summary}
            </Typography>
          ) : null}
        </ListItem>
      ))}
    </List>
  );
}
