import { Button, DialogActions, DialogContent } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetNewsItemQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { ArticleView } from './article-view.tsx';

/** SPEC §2 news article modal: `props.id` is the news item. */
export default function NewsArticleModal({ entry, onClose }: ModalContentProps<'newsArticle'>) {
  const id = Number(entry.props.id);
  const article = useGetNewsItemQuery({ id }, { skip: !(id > 0) });
  return (
    <>
      <DialogContent dividers>
        {article.data ? (
          <ArticleView article={article.data} headingLevel="h2" />
        ) : article.error ? (
          <LoadError error={article.error} onRetry={article.refetch} />
        ) : (
          <LoadingRows rows={6} />
        )}
      </DialogContent>
      <DialogActions>
        {article.data ? (
          <Button component={RouterLink} to={`/news/${article.data.id}/${article.data.slug}`} onClick={onClose}>
            Open as a page
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
