import type { getNewsItem, NewsItem, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { DEFAULT_LIMITS } from '@eh/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentTitle } from '../../shared/constants.ts';
import { formatPrice } from '../../shared/market/format.ts';
import { pageById } from '../../shared/page-content.ts';
import { network } from '../../test/network.ts';
import { MICROSOFT, NVIDIA } from '../../test/quote.ts';
import { renderApp } from '../../test/quote-app.tsx';
import { answerShell } from '../../test/shell.ts';
import { NEWS_TAGS, setNewsContentTypes, setNewsTag } from './news-preferences.ts';
import { NEWS_TYPE_LABELS } from './news-types.ts';

/**
 * /news in the whole app: the top stories of the chosen tag beside the latest news of the chosen content types, an
 * article opened in the modal over the page and then as a page of its own, and the news settings (kept on this
 * device) that the page follows. The server's filters and order are its service tests' (server news.test.ts).
 */

// The page's and the modals' code load lazily: loaded before the tests, their compile time is not counted against
// their waits.
beforeAll(async () => {
  await Promise.all([
    import('./news-page.tsx'),
    import('./article-page.tsx'),
    import('./news-article-modal.tsx'),
    import('./news-settings-modal.tsx'),
    import('../../app/page-loaders.ts'),
    import('../../app/modals/modal-stack-view.tsx'),
  ]);
});

// The settings are module state shared with the feed: each test starts from SPEC §3's defaults.
afterEach(() => {
  setNewsContentTypes(['earnings_results', 'transcript_summary']);
  setNewsTag('top_stories');
  localStorage.clear();
});

const item = (id: number, newsType: string, tags: string[], symbols: string[], title: string): NewsItem => ({
  id,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  title,
  summary: `${title}: the summary.`,
  url: null,
  imageUrl: null,
  author: 'EarningsHub Newsroom',
  newsType,
  tags,
  symbols,
  // A later id is a later story.
  createdDate: new Date(Date.UTC(2026, 1, 1, 12) + id * 3_600_000).toISOString(),
  source: 'demo',
});

/** The stored news: results, call summaries and headlines, some tagged. */
const STORED: readonly NewsItem[] = [
  item(11, 'earnings_results', ['top_stories', 'earnings'], ['MSFT'], 'Microsoft beats on cloud revenue'),
  item(12, 'transcript_summary', ['earnings'], ['NVDA'], 'NVIDIA call: data centre demand holds'),
  item(13, 'headline', ['top_stories', 'markets'], ['NVDA', 'MSFT'], 'Chip stocks lead the market higher'),
  item(14, 'earnings_results', ['earnings'], ['NVDA'], 'NVIDIA tops estimates again'),
  item(15, 'headline', ['markets'], [], 'Treasury yields ease'),
  item(16, 'story', ['top_stories'], [], 'What the season has shown so far'),
];

const newestFirst = (items: readonly NewsItem[]) => [...items].sort((a, b) => b.id - a.id);

/** An article as GET /pricing/news/:id answers: the list item with its body. */
const article = (news: NewsItem): ResponseOf<typeof getNewsItem> => ({
  ...news,
  body: `<p>${news.title}, as reported.</p>`,
});

/**
 * The news service: a tag's stories and the news of the types asked for, newest first, each list cut to its limit;
 * one article by id; the quotes of the symbols an article mentions. Returns what each list was asked for.
 */
function answerNews() {
  const asked = { tags: [] as string[], types: [] as string[] };
  const quotes = { MSFT: MICROSOFT.quote, NVDA: NVIDIA.quote } as const;
  network.use(
    http.get(`*${paths.getTagNews}`, ({ params, request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      asked.tags.push(`${params.tag} ${limit}`);
      const news = newestFirst(STORED.filter((news) => news.tags.includes(String(params.tag)))).slice(0, limit);
      return HttpResponse.json({ news });
    }),
    http.get(`*${paths.getNews}`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const types = (search.get('types') ?? '').split(',');
      asked.types.push(`${search.get('types')} ${search.get('limit')}`);
      const news = newestFirst(STORED.filter((news) => types.includes(news.newsType))).slice(
        0,
        Number(search.get('limit')),
      );
      return HttpResponse.json({ news });
    }),
    http.get(`*${paths.getNewsItem}`, ({ params }) => {
      const found = STORED.find((news) => news.id === Number(params.id));
      return found
        ? HttpResponse.json(article(found))
        : HttpResponse.json({ message: 'News item not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get(`*${paths.getQuotes}`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const symbols = (search.get('stocks') ?? '').split(',').filter(Boolean);
      return HttpResponse.json({
        quotes: symbols.flatMap((symbol) => quotes[symbol as keyof typeof quotes] ?? []),
        missing: [],
      });
    }),
  );
  return asked;
}

/** The titles each list of the page shows, top stories first. */
async function listedTitles(): Promise<string[][]> {
  const lists = await screen.findAllByTestId('news-items');
  return lists.map((list) =>
    within(list)
      .getAllByTestId('news-link')
      .map((link) => link.textContent ?? ''),
  );
}

/** The content types the latest news is of, as the line under its heading names them. */
const latestTypes = () => screen.getByRole('heading', { level: 2, name: 'Latest' }).nextElementSibling?.textContent;

const titles = (items: readonly NewsItem[]) => items.map((news) => news.title);

describe('the news page', () => {
  it('lists the top stories and the latest news of the default types, newest first, under the page’s title', async () => {
    answerShell();
    const asked = answerNews();
    renderApp('/news');
    await waitFor(async () => expect(await listedTitles()).toHaveLength(2));
    expect(await listedTitles()).toEqual([
      ['What the season has shown so far', 'Chip stocks lead the market higher', 'Microsoft beats on cloud revenue'],
      ['NVIDIA tops estimates again', 'NVIDIA call: data centre demand holds', 'Microsoft beats on cloud revenue'],
    ]);
    expect(asked.tags).toEqual([`top_stories ${DEFAULT_LIMITS.topStories}`]);
    expect(asked.types).toEqual([`earnings_results,transcript_summary ${DEFAULT_LIMITS.news}`]);
    expect(screen.getByRole('heading', { level: 2, name: 'Top stories' })).toBeTruthy();
    expect(latestTypes()).toBe('Earnings results, Call summary');
    await waitFor(() => expect(document.title).toBe(documentTitle(pageById('news').title)));
  });

  it('opens an article in the modal over the page, then as a page with its title and summary as the document’s', async () => {
    answerShell();
    answerNews();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderApp('/news');
    const chosen = STORED[2] as NewsItem;
    const [top] = await screen.findAllByTestId('news-items');
    await user.click(within(top as HTMLElement).getByRole('link', { name: chosen.title }));

    const modal = await screen.findByTestId('modal-newsArticle');
    await within(modal).findByRole('heading', { level: 2, name: chosen.title });
    expect(within(modal).getByTestId('news-article').textContent).toContain(`${chosen.title}, as reported.`);
    expect(router.state.location.pathname).toBe('/news');

    await user.click(await within(modal).findByRole('link', { name: 'Open as a page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/news/${chosen.id}/${chosen.slug}`));
    await waitFor(() => expect(screen.queryByTestId('modal-newsArticle')).toBeNull());
    expect((await screen.findByRole('heading', { level: 1, name: chosen.title })).textContent).toBe(chosen.title);
    await waitFor(() => expect(document.title).toBe(documentTitle(chosen.title)));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(chosen.summary);
    // The symbols it mentions, each with its latest price.
    const symbols = screen.getByTestId('article-symbols');
    for (const quote of [NVIDIA.quote, MICROSOFT.quote]) {
      await within(symbols).findByText(formatPrice(quote?.price ?? 0));
    }
    expect(
      within(symbols)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/quote/NVDA', '/quote/MSFT']);
  });

  it('keeps the chosen content types and tag on this device, and both lists follow them', async () => {
    answerShell();
    const asked = answerNews();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp('/news');
    await waitFor(async () => expect(await listedTitles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'News settings' }));
    const modal = await screen.findByTestId('modal-newsSettings');
    const tags = await within(modal).findByRole('radiogroup', { name: 'Top stories tag' });
    expect(
      within(tags)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(NEWS_TAGS.map((tag) => tag.key));
    expect(within(modal).getByRole('radio', { name: 'Top stories' })).toHaveProperty('checked', true);
    const picker = within(modal).getByRole('group', { name: 'Content types' });
    const pressed = () =>
      within(picker)
        .getAllByRole('button', { pressed: true })
        .map((chip) => chip.textContent);
    expect(pressed()).toEqual([NEWS_TYPE_LABELS.earnings_results, NEWS_TYPE_LABELS.transcript_summary]);

    // Headlines only, and the earnings tag.
    await user.click(within(picker).getByRole('button', { name: 'Headline' }));
    await user.click(within(picker).getByRole('button', { name: 'Earnings results' }));
    await user.click(within(picker).getByRole('button', { name: 'Call summary' }));
    expect(pressed()).toEqual(['Headline']);
    await user.click(within(modal).getByRole('radio', { name: 'Earnings' }));
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('modal-newsSettings')).toBeNull());

    expect(localStorage.getItem('earningshub.newsContentTypes')).toBe('["headline"]');
    expect(localStorage.getItem('earningshub.newsTag')).toBe('"earnings"');
    const headlines = newestFirst(STORED.filter((news) => news.newsType === 'headline'));
    const earningsTagged = newestFirst(STORED.filter((news) => news.tags.includes('earnings')));
    await waitFor(async () => expect(await listedTitles()).toEqual([titles(earningsTagged), titles(headlines)]));
    expect(screen.getByRole('heading', { level: 2, name: 'Earnings' })).toBeTruthy();
    expect(latestTypes()).toBe('Headline');
    expect(asked.types.at(-1)).toBe(`headline ${DEFAULT_LIMITS.news}`);
    expect(asked.tags.at(-1)).toBe(`earnings ${DEFAULT_LIMITS.topStories}`);
  });
});
