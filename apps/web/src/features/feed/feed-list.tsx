import type { ContentType } from '@eh/domain';
import { List } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatDateTime } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { openInModalOnPlainClick } from '../../shared/modals/open-in-modal.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { ContentRow } from '../news/index.ts';
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
  const dispatch = useAppDispatch();
  const feed = useFeed(types, limit);
  if (types.length === 0) return <EmptyState>Choose at least one content type to fill the feed.</EmptyState>;
  if (feed.isLoading) return <LoadingRows rows={dense ? 5 : 8} height={dense ? 40 : 56} />;
  if (feed.error) return <LoadError error={feed.error} onRetry={feed.refetch} />;
  if (feed.items.length === 0) return <EmptyState>Nothing of the chosen types yet.</EmptyState>;
  return (
    <List disablePadding data-testid="feed-list">
      {feed.items.map((item) => (
        <ContentRow
          key={item.key}
          data-kind={item.kind}
          kind={FEED_KIND_LABELS[item.kind]}
          kindColor={KIND_COLOURS[item.kind]}
          symbols={item.symbols}
          meta={formatDateTime(item.at, timeZone)}
          title={item.title}
          href={item.href}
          {...(item.fileId
            ? {
                onOpen: (event) =>
                  openInModalOnPlainClick(event, () =>
                    dispatch(modalOpened({ kind: 'transcript', props: { fileId: item.fileId } })),
                  ),
              }
            : {})}
          summary={item.summary}
          dense={dense}
        />
      ))}
    </List>
  );
}
