import { List } from '@mui/material';
import type { MouseEvent } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatDateTime } from '../../shared/market/format.ts';
import type { NewsListItem } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { ContentRow } from './content-row.tsx';
import { NEWS_TYPE_LABELS } from './news-types.ts';

/** News rows; a plain click opens the article modal, a modified click (new tab) follows the article's page link. */
export function NewsItems({ items, dense }: { items: readonly NewsListItem[]; dense?: boolean }) {
  const timeZone = useTimeZone();
  const dispatch = useAppDispatch();
  const open = (event: MouseEvent, id: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(modalOpened({ kind: 'newsArticle', props: { id } }));
  };
  return (
    <List disablePadding data-testid="news-items">
      {items.map((item) => (
        <ContentRow
          key={item.id}
          kind={NEWS_TYPE_LABELS[item.newsType] ?? item.newsType}
          symbols={item.symbols}
          meta={formatDateTime(item.createdDate, timeZone)}
          title={item.title}
          href={`/news/${item.id}/${item.slug}`}
          onOpen={(event) => open(event, item.id)}
          linkTestId="news-link"
          summary={item.summary}
          dense={dense}
        />
      ))}
    </List>
  );
}
