import { Paper, Typography } from '@mui/material';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { ContentTypePicker, setNewsContentTypes, useNewsContentTypes } from '../news/index.ts';
import { FeedList } from './feed-list.tsx';

/** How many items the feed page lists (SPEC §9 default news limit). */
const FEED_PAGE_ITEMS = 50;

/** /earnings-feed: results, transcripts, summaries and calls as they land, of the types the reader chose. */
export default function FeedPage() {
  const page = pageById('earningsFeed');
  useDocumentMeta(page.title, page.description);
  const types = useNewsContentTypes();
  return (
    <PageFrame title={page.title} description={page.description}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Show
        </Typography>
        <ContentTypePicker value={types} onChange={setNewsContentTypes} label="Feed content types" />
      </Paper>
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
        <FeedList types={types} limit={FEED_PAGE_ITEMS} />
      </Paper>
    </PageFrame>
  );
}
