import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import source from '../../../../../docs/ehs.md?raw';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import LearnMorePage from './learn-more-page.tsx';

/** The document's own headings of `level` (# is 1), as read: without the bold and code marks. */
const headings = (level: number) =>
  [...source.matchAll(new RegExp(`^${'#'.repeat(level)} +(.+)$`, 'gm'))].map((match) =>
    (match[1] ?? '').replace(/\*\*|`/g, '').trim(),
  );

describe('/ehs/learn-more', () => {
  it('publishes the method of docs/ehs.md: its sections under the page’s own title, and every table', () => {
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/ehs/learn-more']}>
          <LearnMorePage />
        </MemoryRouter>
      </AppProviders>,
    );
    const page = pageById('ehsLearnMore');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([page.title]);
    const method = screen.getByTestId('ehs-method');
    // The document's title gives way to the page's; its sections stay at their level under it.
    expect(within(method).queryByText(headings(1)[0] ?? '')).toBeNull();
    expect(
      within(method)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(headings(2));
    expect(
      within(method)
        .queryAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(headings(3));
    // One table for each of the document's, indented ones in a list too (each has one line of dashes under its header).
    const tables = source.match(/^ *\|( *-+ *\|)+ *$/gm) ?? [];
    expect(tables.length).toBeGreaterThan(2);
    expect(within(method).getAllByRole('table', { hidden: true })).toHaveLength(tables.length);
    expect(document.title).toContain(page.title);
  });
});
