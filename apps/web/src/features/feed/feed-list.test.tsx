import type { FileMeta, getEvents, getFilesByFilter, getNews, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { FeedList } from './feed-list.tsx';

const TRANSCRIPT: FileMeta = {
  id: 'demo-aapl-2026-q3-transcript',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  type: 'transcript',
  periodYear: 2026,
  period: 'Q3',
  title: 'Apple Inc. Q3 2026 earnings call transcript',
  date: '2026-07-31T01:00:00.000Z',
  url: null,
  mimeType: null,
  externalFileId: null,
  eventId: null,
  source: 'demo',
  hasContent: true,
  hasAnalysis: false,
  gated: null,
};

function answerFeed() {
  network.use(
    http.get(`*${paths.getNews}`, () => HttpResponse.json({ news: [] } satisfies ResponseOf<typeof getNews>)),
    http.get('*/pricing/files/filter/:filter', () =>
      HttpResponse.json({ filter: 'transcripts', files: [TRANSCRIPT] } satisfies ResponseOf<typeof getFilesByFilter>),
    ),
    http.get(`*${paths.getEvents}`, () =>
      HttpResponse.json({ events: [], hasMore: false } as unknown as ResponseOf<typeof getEvents>),
    ),
  );
}

describe('the earnings feed', () => {
  it('reads a transcript in the transcript modal on a plain click, over the feed', async () => {
    answerFeed();
    const store = makeStore();
    render(
      <AppProviders store={store}>
        <MemoryRouter>
          <FeedList types={['transcript']} limit={10} />
        </MemoryRouter>
      </AppProviders>,
    );
    const link = await screen.findByRole('link', { name: TRANSCRIPT.title });
    expect(link.getAttribute('href')).toBe(`/transcripts/${TRANSCRIPT.id}`);
    await userEvent.setup().click(link);
    expect(store.getState().modals.stack.map(({ kind, props }) => ({ kind, props }))).toEqual([
      { kind: 'transcript', props: { fileId: TRANSCRIPT.id } },
    ]);
  });
});
