import { Container } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NOT_FOUND_HEADING } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useGetNewsItemQuery } from '../../shared/market/market-api.ts';
import { pageById } from '../../shared/page-content.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { paramsAreValid } from '../../shared/routes.ts';
import { NotFoundPage } from '../info/index.ts';
import { ArticleView } from './article-view.tsx';

/** /news/{articleId}/{slug}: one article; its title and summary become the document's title and description. */
export default function ArticlePage() {
  const params = useParams();
  const id = Number(params.articleId);
  const valid = paramsAreValid(params) && Number.isInteger(id) && id > 0;
  const article = useGetNewsItemQuery({ id }, { skip: !valid });
  const notFound = !valid || (article.error && 'status' in article.error && article.error.status === 404);
  const navigate = useNavigate();
  const canonicalSlug = article.data?.slug;
  // An old or mistyped slug moves to the article's own (one address per article for search engines).
  useEffect(() => {
    if (canonicalSlug && canonicalSlug !== params.slug)
      navigate(`/news/${id}/${canonicalSlug}${window.location.search}`, { replace: true });
  }, [canonicalSlug, params.slug, id, navigate]);
  const page = pageById('newsArticle');
  useDocumentMeta(
    notFound ? NOT_FOUND_HEADING : (article.data?.title ?? page.title),
    notFound ? undefined : (article.data?.summary ?? page.description),
  );
  if (notFound) return <NotFoundPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {article.data ? (
        <ArticleView article={article.data} />
      ) : article.error ? (
        <LoadError error={article.error} onRetry={article.refetch} />
      ) : (
        <LoadingRows rows={8} />
      )}
    </Container>
  );
}
