import type { getNewsItem, ResponseOf } from '@eh/contracts';
import { isOwnPath } from '@eh/domain';
import { Box, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ChangeText } from '../../shared/change-text.tsx';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { formatDateTime, formatPrice } from '../../shared/market/format.ts';
import { useGetQuotesQuery } from '../../shared/market/market-api.ts';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { NEWS_TYPE_LABELS, OWN_PAGE_LINK_DEFAULT, OWN_PAGE_LINK_WORDS } from './news-types.ts';
import { SafeBody } from './safe-body.tsx';

export type NewsArticleData = ResponseOf<typeof getNewsItem>;

/**
 * The symbols an article mentions, each with its latest price and change. Indexes start with ^; a company's
 * symbol is asked for as a listed stock and as an OTC name (foreign ADRs such as IDEXY trade over the counter),
 * and the listed stock wins where both exist.
 */
function MentionedSymbols({ symbols }: { symbols: readonly string[] }) {
  const companies = symbols.filter((symbol) => !symbol.startsWith('^')).join(',') || undefined;
  const indexes = symbols.filter((symbol) => symbol.startsWith('^')).join(',') || undefined;
  const quotes = useGetQuotesQuery({ stocks: companies, otcs: companies, indexes }, { skip: symbols.length === 0 });
  if (symbols.length === 0) return null;
  const bySymbol = new Map(
    [...(quotes.data?.quotes ?? [])]
      .sort((a, b) => Number(b.type === 'otc') - Number(a.type === 'otc'))
      .map((quote) => [quote.symbol.toUpperCase(), quote]),
  );
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2.5 }}
      aria-label="Symbols mentioned"
      data-testid="article-symbols"
    >
      {symbols.map((symbol) => {
        const quote = bySymbol.get(symbol.toUpperCase());
        return (
          <Chip
            key={symbol}
            component={RouterLink}
            to={`/quote/${encodeURIComponent(symbol)}`}
            clickable
            variant="outlined"
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline' }}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {symbol}
                </Box>
                {quote ? (
                  <>
                    <span>{formatPrice(quote.price)}</span>
                    <ChangeText percent={quote.changePercent} />
                  </>
                ) : null}
              </Box>
            }
          />
        );
      })}
    </Box>
  );
}

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
      <MentionedSymbols symbols={article.symbols} />
      {article.body ? (
        <SafeBody html={article.body} />
      ) : (
        <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{article.summary}</Typography>
      )}
      {article.url && isOwnPath(article.url) ? (
        <Link component={RouterLink} to={article.url} data-testid="news-own-page-link">
          {OWN_PAGE_LINK_WORDS[article.newsType] ?? OWN_PAGE_LINK_DEFAULT}
        </Link>
      ) : article.url ? (
        <Link href={article.url} target="_blank" rel="noopener noreferrer nofollow">
          Read at the source
        </Link>
      ) : null}
    </Box>
  );
}
