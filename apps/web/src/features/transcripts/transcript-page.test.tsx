import { paths } from '@eh/contracts/paths';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { network } from '../../test/network.ts';
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
    expect(document.title).toMatch(/^Transcript not found/);
    expect(asked).toEqual(['no-such-file']);
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
