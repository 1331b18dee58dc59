import type { getNewsItem, ResponseOf } from '@eh/contracts';
import { quarterPagePath } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ArticleView } from './article-view.tsx';

type Article = ResponseOf<typeof getNewsItem>;

const article = (fields: Partial<Article>): Article => ({
  id: 171,
  slug: 'apple-q3-2026-earnings-call-transcript',
  title: 'Apple (AAPL) Q3 2026 earnings call transcript',
  summary: 'Read the full transcript of AAPL’s call.',
  url: null,
  imageUrl: null,
  author: 'EarningsHub Newsroom',
  newsType: 'transcript',
  tags: ['transcripts'],
  // No symbols: the quotes beside them are not what this is about.
  symbols: [],
  createdDate: '2026-07-31T01:00:00.000Z',
  source: 'demo',
  body: '<p>The transcript of Apple Inc.’s Q3 2026 earnings call is available.</p>',
  ...fields,
});

function renderArticle(value: Article) {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <ArticleView article={value} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('a news item about something on this product', () => {
  it('links to its page in the product, in words that say what is there', () => {
    const page = quarterPagePath('AAPL', 2026, 'Q3');
    renderArticle(article({ url: page }));
    const link = screen.getByRole('link', { name: 'Read the transcript' });
    expect(link.getAttribute('href')).toBe(page);
    expect(link.getAttribute('target')).toBeNull();
  });

  it('opens a story from elsewhere at its source, in a new tab', () => {
    renderArticle(article({ newsType: 'story', url: 'https://example.com/story', body: null }));
    const link = screen.getByRole('link', { name: 'Read at the source' });
    expect(link.getAttribute('href')).toBe('https://example.com/story');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('never takes an address of another site that starts like a path for one of ours', () => {
    renderArticle(article({ url: '//example.com/transcript' }));
    expect(screen.queryByRole('link', { name: 'Read the transcript' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read at the source' }).getAttribute('target')).toBe('_blank');
  });
});
