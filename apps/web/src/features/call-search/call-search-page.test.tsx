import type { getCallMentionTrends, ResponseOf, searchCalls } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { network } from '../../test/network.ts';
import CallSearchPage from './call-search-page.tsx';

type Search = ResponseOf<typeof searchCalls>;

const hit = (symbol: string, fileId: string, mentions: number, quote: string): Search['calls'][number] => ({
  callId: fileId,
  source: 'transcript',
  fileId,
  eventId: null,
  newsId: null,
  slug: null,
  filingId: null,
  title: null,
  url: null,
  live: false,
  symbol,
  name: `${symbol} Inc.`,
  date: '2026-10-30T21:00:00.000Z',
  periodYear: 2026,
  period: 'Q3',
  mentions,
  named: false,
  snippets: [
    {
      seq: 4,
      section: 1,
      paragraph: 2,
      start: 10,
      end: 80,
      speaker: 'Chief Financial Officer',
      role: 'executive',
      part: 'prepared',
      parts: [
        { text: 'We had to ', hit: false },
        { text: quote, hit: true },
        { text: ' for the year.', hit: false },
      ],
    },
  ],
});

const FIRST: Search = {
  query: 'guidanc & cut',
  total: 3,
  calls: [hit('ZZA', 'f-a', 5, 'cut guidance'), hit('ZZB', 'f-b', 2, 'guidance cut')],
  nextCursor: 'next-page',
};
const SECOND: Search = { query: 'guidanc & cut', total: 3, calls: [hit('ZZC', 'f-c', 1, 'cut')], nextCursor: null };
const TRENDS: ResponseOf<typeof getCallMentionTrends> = {
  query: 'guidanc & cut',
  quarters: [
    { periodYear: 2026, period: 'Q2', mentions: 4, calls: 3 },
    { periodYear: 2026, period: 'Q3', mentions: 9, calls: 5 },
  ],
  companies: [
    { symbol: 'ZZA', name: 'ZZA Inc.', mentions: 5, quarters: [1, 5] },
    { symbol: 'ZZB', name: 'ZZB Corp.', mentions: 2, quarters: [0, 2] },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(
  url: string,
  {
    answer = (params) => (params.cursor === 'next-page' ? SECOND : FIRST),
    store = makeStore(),
  }: { answer?: (params: Record<string, string>) => Search; store?: ReturnType<typeof makeStore> } = {},
) {
  const asked: Record<string, string>[] = [];
  network.use(
    http.get(`*${paths.searchCalls}`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(params);
      return HttpResponse.json(answer(params));
    }),
    http.get(`*${paths.getCallMentionTrends}`, () => HttpResponse.json(TRENDS)),
  );
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pageById('callSearch').path} element={<CallSearchPage />} />
          <Route path="/transcripts/:fileId" element={<p>transcript</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
  return asked;
}

afterEach(cleanup);

describe('the call search page', () => {
  it('runs the search in the URL, groups hits per call with highlighted snippets, and pages by cursor', async () => {
    const user = userEvent.setup();
    const asked = renderAt('/search/calls?q=guidance+cut&sector=Energy');
    const hits = await screen.findAllByTestId('call-hit');
    expect(hits.map((node) => within(node).getByRole('link', { name: /Q3 2026/ }).textContent)).toEqual([
      'ZZA Q3 2026',
      'ZZB Q3 2026',
    ]);
    expect(asked[0]).toEqual({ q: 'guidance cut', sector: 'Energy' });
    expect(screen.getByTestId('call-search-total').textContent).toBe('3 calls mention it.');
    expect(within(hits[0] as HTMLElement).getByTestId('hit-mentions').textContent).toBe('5 mentions');
    const marks = [...(hits[0] as HTMLElement).querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['cut guidance']);
    expect(
      within(hits[0] as HTMLElement)
        .getByTestId('hit-snippet')
        .getAttribute('href'),
    ).toBe('/transcripts/f-a?passage=1.2.10.80');
    await screen.findByTestId('call-search-trends');
    expect(screen.getByRole('img', { name: /Mentions of guidance cut per quarter/ }).getAttribute('aria-label')).toBe(
      'Mentions of guidance cut per quarter. Q2 ’26: 4, Q3 ’26: 9',
    );
    expect(screen.getByTestId('call-search-top').textContent).toBe('ZZA · 5ZZB · 2');
    // A company picked charts its own quarters; picked again, the chart is the whole market's once more.
    await user.click(screen.getByRole('button', { name: 'ZZB · 2' }));
    expect(screen.getByRole('img', { name: /per quarter by ZZB/ }).getAttribute('aria-label')).toBe(
      'Mentions of guidance cut per quarter by ZZB. Q2 ’26: 0, Q3 ’26: 2',
    );
    expect(screen.getByRole('heading', { name: 'Mentions per quarter by ZZB Corp. (ZZB)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ZZB · 2' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'ZZB · 2' }));
    expect(screen.getByRole('img', { name: /Mentions of guidance cut per quarter\./ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More calls' }));
    await waitFor(() => expect(screen.getAllByTestId('call-hit')).toHaveLength(3));
    expect(asked.at(-1)).toEqual({ q: 'guidance cut', sector: 'Energy', cursor: 'next-page' });
    expect(screen.queryByRole('button', { name: 'More calls' })).toBeNull();
  });

  it('keeps a new query and its filters in the URL', async () => {
    const user = userEvent.setup();
    renderAt('/search/calls');
    const box = screen.getByRole('textbox', { name: 'Search inside calls' });
    await user.type(box, '"AI capex"{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/calls?q=%22AI+capex%22'));
    await user.click(screen.getByRole('combobox', { name: 'Section' }));
    await user.click(await screen.findByRole('option', { name: 'Q&A' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/search/calls?q=%22AI+capex%22&section=qa'),
    );
    // The order says what it is when the URL names none, and offers no "Any".
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(sort.textContent).toBe('Relevance');
    await user.click(sort);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Relevance', 'Newest']);
  });

  it('moves between calls with j and k and opens one with Enter at its passage', async () => {
    const user = userEvent.setup();
    renderAt('/search/calls?q=guidance+cut');
    const hits = await screen.findAllByTestId('call-hit');
    (hits[0] as HTMLElement).focus();
    await user.keyboard('j');
    expect(document.activeElement).toBe(hits[1]);
    await user.keyboard('k');
    expect(document.activeElement).toBe(hits[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/transcripts/f-b?passage=1.2.10.80'));
  });

  it('saves the search with its filters, and offers the next search to be saved afresh', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    network.use(
      http.post(`*${paths.addSavedCallSearch}`, async ({ request }) => {
        const body = (await request.json()) as { query: string; filters: Record<string, string> };
        saved.push(body);
        return HttpResponse.json(
          { id: crypto.randomUUID(), ...body, createdAt: '2026-11-30T12:00:00.000Z' },
          { status: 201 },
        );
      }),
      http.get(`*${paths.getSavedCallSearches}`, () => HttpResponse.json({ searches: [] })),
    );
    renderAt('/search/calls?q=guidance+cut&sector=Energy', {
      store: makeStore({ auth: { status: 'signedIn', email: 'member@example.com', viaLink: false } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Alert me when a call says it' }));
    const done = await screen.findByRole('button', { name: 'Saved: you will be alerted' });
    expect(done.hasAttribute('disabled')).toBe(true);
    expect(saved).toEqual([{ query: 'guidance cut', filters: { sector: 'Energy' } }]);

    // Another order is the same search: still saved.
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(await screen.findByRole('option', { name: 'Newest' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/search/calls?q=guidance+cut&sector=Energy&sort=date'),
    );
    expect(screen.getByRole('button', { name: 'Saved: you will be alerted' }).hasAttribute('disabled')).toBe(true);

    // Another query is another search: it can be saved in its turn.
    const box = screen.getByRole('textbox', { name: 'Search inside calls' });
    await user.clear(box);
    await user.type(box, 'tariffs{Enter}');
    const again = await screen.findByRole('button', { name: 'Alert me when a call says it' });
    expect(again.hasAttribute('disabled')).toBe(false);
    await user.click(again);
    await screen.findByRole('button', { name: 'Saved: you will be alerted' });
    expect(saved.at(-1)).toEqual({ query: 'tariffs', filters: { sector: 'Energy' } });
  });

  it('toggles a source into the URL and back out, the one source left staying on', async () => {
    const user = userEvent.setup();
    const asked = renderAt('/search/calls?q=guidance');
    await screen.findAllByTestId('call-hit');
    const toggle = (name: string) => screen.getByRole('button', { name });
    expect(asked[0]).toEqual({ q: 'guidance' });
    expect(toggle('Transcripts').getAttribute('aria-pressed')).toBe('true');
    expect(toggle('News').getAttribute('aria-pressed')).toBe('false');
    // Transcripts alone: their hits carry no label, and that one source cannot be turned off.
    expect(screen.queryByTestId('hit-source')).toBeNull();
    expect(toggle('Transcripts').getAttribute('aria-disabled')).toBe('true');

    await user.click(toggle('News'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/search/calls?q=guidance&sources=${encodeURIComponent('transcript,news')}`,
      ),
    );
    await waitFor(() => expect(asked.at(-1)).toEqual({ q: 'guidance', sources: 'transcript,news' }));
    expect(toggle('News').getAttribute('aria-pressed')).toBe('true');
    // Back to transcripts alone: the URL is the one links had before sources could be chosen.
    await user.click(toggle('News'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/calls?q=guidance'));
  });

  it('labels each hit with its source when the search looks in several, linking to its page', async () => {
    const [call] = FIRST.calls as [Search['calls'][number]];
    const other = { ...call, fileId: null, period: null, periodYear: null, name: null };
    const mixed: Search = {
      query: 'guidanc',
      total: 4,
      nextCursor: null,
      calls: [
        call,
        {
          ...call,
          callId: 'summary:f-a',
          source: 'summary',
          snippets: [{ ...(call.snippets[0] as Search['calls'][number]['snippets'][number]), speaker: 'Highlight' }],
        },
        {
          ...other,
          callId: 'news:12',
          source: 'news',
          newsId: 12,
          slug: 'zza-cuts-guidance-1a2b',
          title: 'ZZA cuts its guidance',
          url: 'https://example.com/a',
        },
        {
          ...other,
          callId: 'filing:7',
          source: 'filing',
          filingId: 7,
          title: '8-K Current Report',
          url: 'https://www.sec.gov/x',
        },
      ],
    };
    const all = 'transcript,summary,news,filing';
    const asked = renderAt(`/search/calls?q=guidance&sources=${all}`, { answer: () => mixed });
    const hits = await screen.findAllByTestId('call-hit');
    expect(asked[0]).toEqual({ q: 'guidance', sources: all });
    expect(screen.getByTestId('call-search-total').textContent).toBe('4 results mention it.');
    expect(
      ['Transcripts', 'AI summaries', 'News', 'SEC filings'].map((name) =>
        screen.getByRole('button', { name }).getAttribute('aria-pressed'),
      ),
    ).toEqual(['true', 'true', 'true', 'true']);
    expect(hits.map((node) => within(node).getByTestId('hit-source').textContent)).toEqual([
      'Transcript',
      'AI summary',
      'News',
      'SEC filing',
    ]);
    expect(
      hits.map((node) => [
        within(node).getByTestId('hit-title').textContent,
        within(node).getByTestId('hit-title').getAttribute('href'),
      ]),
    ).toEqual([
      ['ZZA Q3 2026', '/transcripts/f-a?passage=1.2.10.80'],
      ['ZZA Q3 2026', '/transcripts/f-a?summary=1.2.10.80'],
      ['ZZA cuts its guidance', '/news/12/zza-cuts-guidance-1a2b'],
      ['ZZA 8-K Current Report', '/quote/ZZA/sec-filings'],
    ]);
    expect(within(hits[1] as HTMLElement).getByTestId('hit-snippet').textContent).toMatch(/^Highlight/);
    expect(
      within(hits[3] as HTMLElement)
        .getByRole('link', { name: 'EDGAR' })
        .getAttribute('href'),
    ).toBe('https://www.sec.gov/x');
  });

  it('names the problem of a bad query', async () => {
    network.use(
      http.get(`*${paths.searchCalls}`, () =>
        HttpResponse.json(
          { message: 'q: a quote is not closed: every "phrase" needs its closing quote', code: 'VALIDATION_ERROR' },
          { status: 400 },
        ),
      ),
      http.get(`*${paths.getCallMentionTrends}`, () =>
        HttpResponse.json({ message: 'bad', code: 'VALIDATION_ERROR' }, { status: 400 }),
      ),
    );
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/search/calls?q=%22guidance']}>
          <Routes>
            <Route path={pageById('callSearch').path} element={<CallSearchPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'q: a quote is not closed: every "phrase" needs its closing quote',
    );
  });
});
