import type {
  Citation,
  FileAnalysis,
  FileWithContent,
  getAnalyzerFile,
  getFileContents,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { type AccountFeatures, canUse, EXTRACTIVE_MODEL, trimWhole } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { accountOn } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { PRO_MEMBER } from '../../test/quote.ts';
import TranscriptPage from './transcript-page.tsx';

/**
 * The transcript page's AI tab: the summary of the call with its key numbers and who wrote it, each statement's
 * numbered sources leading into the transcript (the quoted words marked and scrolled to), and the upgrade prompt in
 * its place for a plan without AI summaries. transcript-page.test.tsx has the page's addresses and tabs.
 */

const FILE_ID = 'demo-MSFT-2026-Q2-transcript';

const paragraph = (speaker: string, role: string | null, text: string) => ({ speaker, role, text, startMs: null });

const REMARKS = [
  paragraph('Brett Iversen', 'Vice President, Investor Relations', 'Good afternoon, and thank you for joining us.'),
  paragraph('Amy Hood', 'CFO', 'Revenue was $69.6 billion, up 12 percent. Earnings per share were $3.23.'),
];
const ANSWERS = [
  paragraph('Keith Weiss', 'Morgan Stanley', 'How are you thinking about capital spending?'),
  paragraph('Satya Nadella', 'CEO', 'We will keep investing. Azure grew 31 percent in the quarter.'),
];

const TRANSCRIPT: FileWithContent = {
  id: FILE_ID,
  symbol: 'MSFT',
  name: 'Microsoft Corporation',
  type: 'transcript',
  periodYear: 2026,
  period: 'Q2',
  title: 'Microsoft Q2 2026 earnings call transcript',
  date: '2026-01-28T22:30:00.000Z',
  url: null,
  mimeType: null,
  externalFileId: null,
  eventId: 902,
  source: 'demo',
  hasContent: true,
  hasAnalysis: true,
  gated: null,
  content: {
    sections: [
      { title: 'Prepared remarks', paragraphs: REMARKS },
      { title: 'Questions and answers', paragraphs: ANSWERS },
    ],
  },
};

/** A citation of `quote` where it stands in the transcript's paragraph, its offsets found in the text. */
function cite(section: number, index: number, quote: string): Citation {
  const text = TRANSCRIPT.content?.sections[section]?.paragraphs[index]?.text ?? '';
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`“${quote}” is not in paragraph ${section}:${index}`);
  return { section, paragraph: index, start, end: start + quote.length, quote };
}

const REVENUE = cite(0, 1, 'Revenue was $69.6 billion, up 12 percent.');
const EPS = cite(0, 1, 'Earnings per share were $3.23.');
const AZURE = cite(1, 1, 'Azure grew 31 percent in the quarter.');

/** Written by the built-in summariser: three statements, two key numbers, a highlight; three passages cited. */
const ANALYSIS: FileAnalysis = {
  fileId: FILE_ID,
  summary: 'Revenue was $69.6 billion, up 12 percent. Earnings per share were $3.23. Azure grew 31 percent.',
  summaryStatements: [
    { text: 'Revenue was $69.6 billion, up 12 percent.', citations: [REVENUE] },
    { text: 'Earnings per share were $3.23.', citations: [EPS] },
    { text: 'Azure grew 31 percent in the quarter.', citations: [AZURE] },
  ],
  keyNumbers: [
    { metric: 'revenue', label: 'Revenue', figure: '$69.6 billion', text: REVENUE.quote, citations: [REVENUE] },
    { metric: 'eps', label: 'EPS', figure: '$3.23', text: EPS.quote, citations: [EPS] },
  ],
  highlights: [{ text: 'Azure grew 31 percent in the quarter.', citations: [AZURE] }],
  risks: [],
  sentiment: 0.5,
  model: EXTRACTIVE_MODEL,
  source: 'extractive',
  createdAt: '2026-01-28T23:30:00.000Z',
};

/** The call and its summary as the files service answers a caller with `features`. */
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
        period: 'Q2',
        files: [TRANSCRIPT],
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

async function openAiTab(features: AccountFeatures) {
  answerCall(features);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[`/transcripts/${FILE_ID}`]}>
        <Routes>
          <Route path={pageById('transcript').path} element={<TranscriptPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByTestId('transcript-text');
  await user.click(screen.getByTestId('side-tab-ai'));
  return user;
}

/** The numbered source links in the order they stand, as "number: title". */
const citationLinks = () =>
  screen.getAllByTestId('citation').map((link) => `${link.dataset.citation}: ${link.getAttribute('title')}`);

describe('the AI summary of a transcript', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a pro member the summary, its key numbers and who wrote it, every statement with its source', async () => {
    await openAiTab(PRO_MEMBER);
    const summary = await screen.findByTestId('ai-summary');
    expect(screen.getByTestId('ai-summary-text').textContent).toBe(
      // Each statement followed by the number of the passage it cites, numbered in the transcript's order.
      'Revenue was $69.6 billion, up 12 percent.1 Earnings per share were $3.23.2 Azure grew 31 percent in the quarter.3',
    );
    expect(
      within(summary)
        .getAllByTestId('ai-key-number')
        .map((card) => card.dataset.metric),
    ).toEqual(['revenue', 'eps']);
    expect(within(screen.getByTestId('ai-highlights')).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(summary).getByText(
        'Picked from the call by our built-in summariser: every statement is a sentence said on the call, linked to where it was said.',
      ),
    ).toBeTruthy();
    // Summary, key numbers and highlight: the same passage carries the same number wherever it is cited.
    expect(citationLinks()).toEqual([
      '1: “Revenue was $69.6 billion, up 12 percent.” (Prepared remarks, Amy Hood)',
      '2: “Earnings per share were $3.23.” (Prepared remarks, Amy Hood)',
      '3: “Azure grew 31 percent in the quarter.” (Questions and answers, Satya Nadella)',
      '1: “Revenue was $69.6 billion, up 12 percent.” (Prepared remarks, Amy Hood)',
      '2: “Earnings per share were $3.23.” (Prepared remarks, Amy Hood)',
      '3: “Azure grew 31 percent in the quarter.” (Questions and answers, Satya Nadella)',
    ]);
    expect(screen.getAllByTestId('citation')[2]?.getAttribute('aria-label')).toBe(
      'Source 3: Questions and answers, Satya Nadella',
    );
  });

  it('leads from a source to the quoted words, marked and scrolled to, and back to the summary', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(`${this.dataset.testid}: ${this.textContent}`);
    });
    const user = await openAiTab(PRO_MEMBER);
    await screen.findByTestId('ai-summary');

    // The source cited last stands furthest down the call: the CEO's answer.
    const numbers = screen.getAllByTestId('citation').map((link) => Number(link.dataset.citation));
    const furthest = screen
      .getAllByTestId('citation')
      .find((link) => Number(link.dataset.citation) === Math.max(...numbers));
    await user.click(furthest as HTMLElement);
    const mark = await screen.findByTestId('cited-passage');
    expect(mark.textContent).toBe(AZURE.quote);
    expect(mark.closest('p')?.textContent).toBe(ANSWERS[1]?.text);
    expect(screen.getByTestId('side-tab-transcript').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(scrolled).toEqual([`cited-passage: ${AZURE.quote}`]));
    expect(document.activeElement).toBe(mark);
    expect(screen.getAllByTestId('cited-passage')).toHaveLength(1);

    await user.click(screen.getByTestId('back-to-summary'));
    await screen.findByTestId('ai-summary');
    expect(screen.getByTestId('side-tab-ai').getAttribute('aria-selected')).toBe('true');

    // The first source: the CFO's revenue, in another paragraph; only that passage is marked now.
    await user.click(screen.getAllByTestId('citation').find((link) => link.dataset.citation === '1') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('cited-passage').textContent).toBe(REVENUE.quote));
    expect(screen.getAllByTestId('cited-passage')).toHaveLength(1);
    await waitFor(() => expect(scrolled.at(-1)).toBe(`cited-passage: ${REVENUE.quote}`));
  });

  it('opens on the summary at the statements a search hit in it cites, marked and scrolled to', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    answerCall(PRO_MEMBER);
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter
          initialEntries={[
            `/transcripts/${FILE_ID}?summary=${AZURE.section}.${AZURE.paragraph}.${AZURE.start}.${AZURE.end}`,
          ]}
        >
          <Routes>
            <Route path={pageById('transcript').path} element={<TranscriptPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByTestId('ai-summary');
    expect(screen.getByTestId('side-tab-ai').getAttribute('aria-selected')).toBe('true');
    // The paragraph's sentence and the highlight both cite the Azure passage first.
    const marked = [...document.querySelectorAll<HTMLElement>('[data-summary-focus]')];
    expect(marked.map((node) => node.textContent?.replace(/\d+$/, ''))).toEqual([AZURE.quote, AZURE.quote]);
    await waitFor(() => expect(scrolled[0]).toBe(AZURE.quote));
  });

  it('shows a free member the upgrade prompt in its place, with no summary and no sources', async () => {
    await openAiTab(accountOn('free').accountFeatures);
    const prompt = await within(screen.getByRole('tabpanel', { name: 'AI' })).findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('aiSummary');
    expect(prompt.textContent).toContain('Unlock AI summaries with Plus');
    expect(prompt.textContent).toContain('This call has an AI summary with links into the transcript.');
    expect(screen.queryByTestId('ai-summary')).toBeNull();
    expect(screen.queryByTestId('citation')).toBeNull();
  });
});
