import { DEFAULT_LIMITS } from '@eh/domain';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, Paper, Typography } from '@mui/material';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useGetNewsQuery, useGetTagNewsQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { useLiveTargets } from '../live/index.ts';
import { NewsItems } from './news-items.tsx';
import { NEWS_TAGS, useNewsContentTypes, useNewsTag } from './news-preferences.ts';
import { NEWS_TYPE_LABELS } from './news-types.ts';

/** /news: the top stories of the chosen tag, then the latest news of the chosen content types. */
export default function NewsPage() {
  const page = pageById('news');
  useDocumentMeta(page.title, page.description);
  const dispatch = useAppDispatch();
  const types = useNewsContentTypes();
  const tag = useNewsTag();
  const top = useGetTagNewsQuery({ tag, limit: DEFAULT_LIMITS.topStories });
  const latest = useGetNewsQuery({ types: [...types], limit: DEFAULT_LIMITS.news }, { skip: types.length === 0 });
  // New items of the chosen types join both lists as they are published (the top stories when tagged so).
  useLiveTargets(types.length > 0 ? { news: [...types] } : null);
  const tagLabel = NEWS_TAGS.find((item) => item.key === tag)?.label ?? tag;
  return (
    <PageFrame
      title={page.title}
      description={page.description}
      aside={
        <Button
          variant="outlined"
          startIcon={<TuneIcon />}
          onClick={() => dispatch(modalOpened({ kind: 'newsSettings' }))}
        >
          News settings
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 2 }} aria-labelledby="top-h">
          <Typography variant="h3" component="h2" id="top-h" sx={{ mb: 1 }}>
            {tagLabel}
          </Typography>
          {top.isLoading ? (
            <LoadingRows rows={5} height={48} />
          ) : top.error ? (
            <LoadError error={top.error} onRetry={top.refetch} />
          ) : top.data?.news.length ? (
            <NewsItems items={top.data.news} />
          ) : (
            <EmptyState>No stories with this tag yet.</EmptyState>
          )}
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          sx={{ px: { xs: 1.5, sm: 2.5 }, py: 2 }}
          aria-labelledby="latest-h"
        >
          <Typography variant="h3" component="h2" id="latest-h">
            Latest
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {types.length ? types.map((type) => NEWS_TYPE_LABELS[type] ?? type).join(', ') : 'No content type chosen'}
          </Typography>
          {types.length === 0 ? (
            <EmptyState>Choose content types in the news settings.</EmptyState>
          ) : latest.isLoading ? (
            <LoadingRows rows={8} height={48} />
          ) : latest.error ? (
            <LoadError error={latest.error} onRetry={latest.refetch} />
          ) : latest.data?.news.length ? (
            <NewsItems items={latest.data.news} />
          ) : (
            <EmptyState>No news of the chosen types yet.</EmptyState>
          )}
        </Paper>
      </Box>
    </PageFrame>
  );
}
