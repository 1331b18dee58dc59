import type { getNewsItem, ResponseOf } from '@eh/contracts';
import { Box, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../market/format.ts';
import { DemoBadge } from '../quote/demo-badge.tsx';
import { NEWS_TYPE_LABELS } from '../quote/news-tab.tsx';
import { useTimeZone } from '../quote/symbol-context.ts';
import { SafeBody } from './safe-body.tsx';

export type NewsArticleData = ResponseOf<typeof getNewsItem>;

/** One article: type, time, author, the symbols it mentions, then its body (or summary and the source link). */
export function ArticleView({
  article,
  headingLevel = 'h1',
}: {
  article: NewsArticleData;
  headingLevel?: 'h1' | 'h2';
}) {
  const timeZone = useTimeZone();
  return (
    <Box component="article" data-testid="news-article">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" variant="outlined" label={NEWS_TYPE_LABELS[article.newsType] ?? article.newsType} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(article.createdDate, timeZone)}
          {article.author ? ` · ${article.author}` : ''}
        </Typography>
        <DemoBadge source={article.source} />
      </Box>
      <Typography variant={headingLevel === 'h1' ? 'h1' : 'h2'} component={headingLevel} sx={{ mb: 2 }}>
        {article.title}
      </Typography>
      {article.symbols.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} aria-label="Symbols mentioned">
          {article.symbols.map((symbol) => (
            <Chip
              key={symbol}
              component={RouterLink}
              to={`/quote/${encodeURIComponent(symbol)}`}
              clickable
              size="small"
              color="primary"
              label={symbol}
            />
          ))}
        </Box>
      ) : null}
      {article.body ? (
        <SafeBody html={article.body} />
      ) : (
        <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{article.summary}</Typography>
      )}
      {article.url ? (
        <Link href={article.url} target="_blank" rel="noopener noreferrer nofollow">
          Read at the source
        </Link>
      ) : null}
    </Box>
  );
}
