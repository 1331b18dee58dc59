import type { FileAnalysis, FileWithContent, getAnalyzerFile, getFileContents, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { type AccountFeatures, canUse, trimWhole } from '@eh/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { network } from '../../test/network.ts';
import { PRO_MEMBER, VISITOR } from '../../test/quote.ts';
import TranscriptPage from './transcript-page.tsx';

describe('the transcript page', () => {
  it('gives a missing transcript a clear page', async () => {
    const asked: string[] = [];
    network.use(
      http.get(`*${paths.getFileContent}`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ message: 'File not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/transcripts/no-such-file']}>
          <Routes>
            <Route path={pageById('transcript').path} element={<TranscriptPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    // The page asks for the file first ("Earnings call transcript" while it loads), then says it is missing.
    await screen.findByRole('heading', { level: 1, name: 'Transcript not found' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Transcript not found',
    ]);
    expect(screen.getByTestId('transcript-not-found').textContent).toContain(
      'We have no call on record at this address.',
    );
    expect(screen.getByRole('link', { name: 'This week’s earnings' }).getAttribute('href')).toBe(
      '/earnings-calendar/this-week',
    );
    // The title follows in an effect once the page has drawn the answer.
    await waitFor(() => expect(document.title).toMatch(/^Transcript not found/));
    expect(asked).toEqual(['no-such-file']);
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});

const FILE_ID = 'demo-AAPL-2026-Q1-transcript';

const paragraph = (speaker: string, role: string | null, text: string) => ({ speaker, role, text, startMs: null });

/** Apple's Q1 2026 call: prepared remarks by two executives, then a question and its answer. */
const SECTIONS: FileWithContent['content'] = {
  sections: [
    {
      title: 'Prepared remarks',
      paragraphs: [
        paragraph('Suhasini Chandramouli', 'Director, Investor Relations', 'Good afternoon and welcome.'),
        paragraph('Tim Cook', 'CEO', 'Revenue was a record $143.8 billion, up 16 percent.'),
        paragraph('Kevan Parekh', 'CFO', 'Services revenue reached an all-time high.'),
      ],
    },
    {
      title: 'Questions and answers',
      paragraphs: [
        paragraph('Erik Woodring', 'Morgan Stanley', 'How should we think about margins?'),
        paragraph('Kevan Parekh', 'CFO', 'We expect gross margin between 47 and 48 percent.'),
      ],
    },
  ],
};

/** The transcript as the server answers a caller whose plan has transcripts (a pro member's has). */
const TRANSCRIPT: FileWithContent = {
  id: FILE_ID,
  symbol: 'AAPL',
  name: 'Apple Inc.',
  type: 'transcript',
  periodYear: 2026,
  period: 'Q1',
  title: 'Apple Q1 2026 earnings call transcript',
  date: '2026-01-29T22:00:00.000Z',
  url: null,
  mimeType: null,
  externalFileId: null,
  eventId: 901,
  source: 'demo',
  hasContent: true,
  hasAnalysis: true,
  gated: null,
  content: SECTIONS,
};

const quote = 'Revenue was a record $143.8 billion';

/** The call's AI summary, its one statement citing the CEO's paragraph. */
const ANALYSIS: FileAnalysis = {
  fileId: FILE_ID,
  summary: 'Apple reported record revenue.',
  highlights: [],
  sentiment: 0.4,
  model: 'extractive',
  source: 'extractive',
  createdAt: '2026-01-29T23:00:00.000Z',
  summaryStatements: [
    {
      text: 'Apple reported record revenue.',
      citations: [{ section: 0, paragraph: 1, start: 0, end: quote.length, quote }],
    },
  ],
  keyNumbers: [],
  risks: [],
};

/** The call's files and AI summary as the server answers a caller with `features` (files service). */
function answerCall(features: AccountFeatures) {
  network.use(
    http.get(`*${paths.getFileContent}`, ({ params }) =>
      params.id === FILE_ID
        ? HttpResponse.json(TRANSCRIPT)
        : HttpResponse.json({ message: 'File not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
    http.get(`*${paths.getFileContents}`, ({ params }) =>
      HttpResponse.json({
        symbol: String(params.symbol).toUpperCase(),
        periodYear: Number(params.periodYear),
        period: 'Q1',
        files: params.symbol === 'AAPL' && params.periodYear === '2026' && params.period === 'Q1' ? [TRANSCRIPT] : [],
        gated: [],
      } satisfies ResponseOf<typeof getFileContents>),
    ),
    http.get(`*${paths.getAnalyzerFile}`, () => {
      const { gated } = trimWhole([ANALYSIS], features, 'aiSummary');
      return HttpResponse.json({
        fileId: FILE_ID,
        status: 'ready',
        analysis: canUse(features, 'aiSummary') ? ANALYSIS : null,
        gated,
      } satisfies ResponseOf<typeof getAnalyzerFile>);
    }),
  );
}

/** The transcript pages' three addresses (SPEC §2), each with its route. */
const ADDRESSES = [
  ['transcriptByPeriod', '/quote/AAPL/2026/Q1'],
  ['transcriptFile', `/AAPL/Q1/2026/${FILE_ID}`],
  ['transcript', `/transcripts/${FILE_ID}`],
] as const;

function renderTranscript(id: (typeof ADDRESSES)[number][0], address: string) {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path={pageById(id).path} element={<TranscriptPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('a call’s transcript', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the call with its speakers and sections at each of its three addresses', async () => {
    answerCall(PRO_MEMBER);
    for (const [id, address] of ADDRESSES) {
      renderTranscript(id, address);
      await screen.findByTestId('transcript-text');
      expect(screen.getByTestId('transcript-heading').textContent, address).toBe('AAPL Q1 2026 earnings call');
      const speakers = within(screen.getByTestId('transcript-speakers')).getAllByRole('listitem');
      // Four people spoke; the CFO twice.
      expect(
        speakers.map((item) => item.querySelector('p')?.textContent),
        address,
      ).toEqual(['Suhasini Chandramouli', 'Tim Cook', 'Kevan Parekh', 'Erik Woodring']);
      const sections = within(screen.getByTestId('transcript-sections')).getAllByRole('button');
      expect(
        sections.map((button) => button.textContent),
        address,
      ).toEqual(['Prepared remarks3 paragraphs', 'Questions and answers2 paragraphs']);
      await waitFor(() => expect(document.title, address).toMatch(/^AAPL Q1 2026 earnings call transcript/));
      cleanup();
    }
  });

  it('gives a pro member the AI summary and the comments, and a section leads back into the transcript', async () => {
    answerCall(PRO_MEMBER);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderTranscript('transcript', `/transcripts/${FILE_ID}`);
    await screen.findByTestId('transcript-text');
    expect(screen.getByTestId('side-tab-transcript').getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByTestId('side-tab-ai'));
    expect(screen.getByTestId('side-tab-ai').getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'AI' });
    expect((await within(panel).findByTestId('ai-summary-text')).textContent).toContain(ANALYSIS.summary);
    expect(within(panel).queryByTestId('upgrade-prompt')).toBeNull();

    // The last section, chosen from the AI tab: the transcript comes back, scrolled to that section.
    const sections = within(screen.getByTestId('transcript-sections')).getAllByRole('button');
    await user.click(sections.at(-1) as HTMLElement);
    await screen.findByTestId('transcript-text');
    expect(screen.getByTestId('side-tab-transcript').getAttribute('aria-selected')).toBe('true');
    const last = screen.getByRole('heading', { name: 'Questions and answers' });
    await waitFor(() => expect(scrolled).toEqual([last.id]));

    await user.click(screen.getByTestId('side-tab-comments'));
    expect((await screen.findByTestId('comments-empty')).textContent).toContain('No comments yet');
  });

  it('opens at the passage a search hit links to, marked and scrolled into view like a citation', async () => {
    answerCall(PRO_MEMBER);
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.dataset.testid ?? this.id);
    });
    const said = 'We expect gross margin between 47 and 48 percent.';
    renderTranscript('transcript', `/transcripts/${FILE_ID}?passage=1.1.10.${said.length}`);
    const mark = await screen.findByTestId('cited-passage');
    expect(mark.textContent).toBe(said.slice(10));
    await waitFor(() => expect(scrolled).toEqual(['cited-passage']));
    // The reader came from the search, not from the summary: no way "back" to a summary they never read.
    expect(screen.queryByTestId('back-to-summary')).toBeNull();
  });

  it('shows a visitor the upgrade prompt in the AI tab, the transcript still there', async () => {
    answerCall(VISITOR);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderTranscript('transcript', `/transcripts/${FILE_ID}`);
    await screen.findByTestId('transcript-text');
    await user.click(screen.getByTestId('side-tab-ai'));
    const prompt = await within(screen.getByRole('tabpanel', { name: 'AI' })).findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('aiSummary');
    expect(screen.queryByTestId('ai-summary')).toBeNull();
  });
});
