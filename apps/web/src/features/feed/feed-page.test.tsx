import type { getFilesByFilter, getNews, NewsItem, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import FeedPage from './feed-page.tsx';

const newsItem = (id: number, newsType: string, symbol: string, title: string): NewsItem => ({
  id,
  slug: `item-${id}`,
  title,
  summary: null,
  url: null,
  imageUrl: null,
  author: null,
  newsType,
  tags: [],
  symbols: [symbol],
  createdDate: `2026-03-0${id}T14:00:00.000Z`,
  source: 'test',
});

/** The news of every content type; the server answers those of the types asked for, newest first. */
const NEWS: NewsItem[] = [
  newsItem(4, 'earnings_results', 'NVDA', 'NVIDIA beats on revenue'),
  newsItem(3, 'transcript_summary', 'AAPL', 'Apple call summary: services grow'),
  newsItem(2, 'article', 'MSFT', 'Microsoft opens a new campus'),
  newsItem(1, 'earnings_results', 'CRM', 'Salesforce misses on EPS'),
];

function answerFeed() {
  const asked: string[] = [];
  network.use(
    http.get(`*${paths.getNews}`, ({ request }) => {
      const types = new URL(request.url).searchParams.get('types') ?? '';
      asked.push(types);
      const news = NEWS.filter((item) => types.split(',').includes(item.newsType));
      return HttpResponse.json({ news } satisfies ResponseOf<typeof getNews>);
    }),
    http.get('*/pricing/files/filter/:filter', () =>
      HttpResponse.json({ filter: 'transcripts', files: [] } satisfies ResponseOf<typeof getFilesByFilter>),
    ),
  );
  return asked;
}

/** Each item of the feed in order: its kind and its links (the symbol's page, then the item itself). */
const feedItems = () =>
  Array.from(screen.getByTestId('feed-list').querySelectorAll('[data-kind]'), (item) => ({
    kind: item.getAttribute('data-kind'),
    links: within(item as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent),
  }));

describe('the earnings feed page', () => {
  it('lists the default content types (earnings results and call summaries) and follows the chosen types', async () => {
    const asked = answerFeed();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/earnings-feed']}>
          <FeedPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const picker = screen.getByRole('group', { name: 'Feed content types' });
    const pressed = () =>
      within(picker)
        .getAllByRole('button', { pressed: true })
        .map((chip) => chip.textContent);
    expect(pressed()).toEqual(['Earnings results', 'Call summary']);
    await screen.findByTestId('feed-list');
    expect(feedItems()).toEqual([
      { kind: 'earningsResults', links: ['NVDA', 'NVIDIA beats on revenue'] },
      { kind: 'transcriptSummary', links: ['AAPL', 'Apple call summary: services grow'] },
      { kind: 'earningsResults', links: ['CRM', 'Salesforce misses on EPS'] },
    ]);
    expect(asked).toEqual(['earnings_results,transcript_summary']);

    await user.click(within(picker).getByRole('button', { name: 'Earnings results' }));
    await waitFor(() =>
      expect(feedItems()).toEqual([
        { kind: 'transcriptSummary', links: ['AAPL', 'Apple call summary: services grow'] },
      ]),
    );
    expect(pressed()).toEqual(['Call summary']);
    expect(asked.at(-1)).toBe('transcript_summary');
    expect(localStorage.getItem('earningshub.newsContentTypes')).toBe('["transcript_summary"]');
  });
});
