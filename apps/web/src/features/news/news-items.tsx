import { Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { formatDateTime } from '../market/format.ts';
import type { NewsListItem } from '../market/market-api.ts';
import { modalOpened } from '../modals/modals-slice.ts';
import { NEWS_TYPE_LABELS } from '../quote/news-tab.tsx';
import { useTimeZone } from '../quote/symbol-context.ts';

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
        <ListItem key={item.id} divider sx={{ display: 'block', px: 0, py: dense ? 1 : 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.25 }}>
            <Chip size="small" variant="outlined" label={NEWS_TYPE_LABELS[item.newsType] ?? item.newsType} />
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
              {formatDateTime(item.createdDate, timeZone)}
            </Typography>
          </Box>
          <Link
            component={RouterLink}
            to={`/news/${item.id}/${item.slug}`}
            onClick={(event) => open(event, item.id)}
            sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}
            data-testid="news-link"
          >
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
