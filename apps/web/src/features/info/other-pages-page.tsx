import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useGetAssetNewsQuery } from '../../shared/market/market-api.ts';
import { pageById } from '../../shared/page-content.ts';
import { groupPages, pageHref, pageLinkTitle } from '../../shared/page-groups.ts';
import { SAMPLE_SYMBOL, SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { selectDevMode, useFlags } from '../flags/index.ts';

const PAGE = pageById('otherPages');

/** Every page, grouped; pages with parameters link to an example. */
export default function OtherPagesPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const { data } = useFlags();
  const groups = groupPages({ menuOnly: false, devMode: selectDevMode(data?.flags) });
  // The article example is a story that exists, under its own title: a fixed id opened whatever story had it.
  const { data: news } = useGetAssetNewsQuery({ symbol: SAMPLE_SYMBOL, limit: 1 });
  const story = news?.news[0];
  const example = (page: (typeof groups)[number]['pages'][number]) =>
    page.id === 'newsArticle'
      ? story
        ? { href: `/news/${story.id}/${story.slug}`, title: `News article: ${story.title}` }
        : { href: '/news', title: pageLinkTitle(page) }
      : { href: pageHref(page), title: pageLinkTitle(page) };
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {groups.map(({ group, label, pages }) => (
          <Box component="section" key={group} aria-labelledby={`pages-${group}`}>
            <Typography variant="h2" id={`pages-${group}`} sx={{ mb: 1 }}>
              {label}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
              {pages.map((page) => {
                const { href, title } = example(page);
                return (
                  <li key={page.id}>
                    <Link component={RouterLink} to={href} data-testid={`page-link-${page.id}`}>
                      {title}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {page.sample ? `Example: ${href}` : page.path}
                    </Typography>
                  </li>
                );
              })}
              {group === 'symbols'
                ? SYMBOL_TABS.map((tab) => (
                    <li key={tab.key}>
                      <Link component={RouterLink} to={symbolPath(SAMPLE_SYMBOL, tab)}>
                        Symbol page: {tab.label}
                      </Link>
                      <Typography variant="body2" color="text.secondary">
                        Example: {symbolPath(SAMPLE_SYMBOL, tab)}
                      </Typography>
                    </li>
                  ))
                : null}
            </Box>
          </Box>
        ))}
      </Box>
    </PageFrame>
  );
}
