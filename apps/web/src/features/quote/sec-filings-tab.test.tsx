import type { AssetInfo, getAssetFiles, ResponseOf, SecFiling } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { SecFilingsTab } from './sec-filings-tab.tsx';

// The dialogs' code loads lazily: loaded before the test, its compile time is not counted against what it waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./sec-filings-settings-modal.tsx'),
    import('./sec-filing-modal.tsx'),
  ]),
);

const filing = (id: number, type: string, form: string, label: string, filedDate: string): SecFiling => ({
  id,
  type,
  label,
  color: 'info',
  form,
  accessionNumber: `0000320193-26-00000${id}`,
  filedDate,
  periodOfReport: null,
  items: [],
  description: null,
  url: `https://www.sec.gov/Archives/edgar/data/320193/00003201932600000${id}/`,
  source: 'test',
});

/** The symbol's asset as the symbol page hands it to its tabs (the filings list reads only the symbol). */
const APPLE: AssetInfo = {
  symbol: 'AAPL',
  symbolUpper: 'AAPL',
  name: 'Apple Inc.',
  type: 'stock',
  exchange: 'NASDAQ',
  cik: '0000320193',
  sector: null,
  industry: null,
  country: 'US',
  currency: 'USD',
  description: null,
  website: null,
  fiscalYearEndMonth: 9,
  sharesOutstanding: null,
  marketCap: null,
  popularity: 0,
  active: true,
  source: 'test',
  fiftyTwoWeekHigh: null,
  fiftyTwoWeekLow: null,
  quote: null,
};

/** Apple's filings, newest first; the server answers those of the kinds asked for. */
const FILINGS: SecFiling[] = [
  filing(3, 'sec_8k', '8-K', '8-K Current Report', '2026-02-01'),
  filing(2, 'sec_10q', '10-Q', '10-Q Quarterly Report', '2026-01-30'),
  filing(1, 'sec_10k', '10-K', '10-K Annual Report', '2025-10-31'),
];

function answerFilings() {
  network.use(
    http.get(`*${paths.getAssetFiles}`, ({ request }) => {
      const types = (new URL(request.url).searchParams.get('types') ?? '').split(',');
      return HttpResponse.json({
        symbol: 'AAPL',
        files: [],
        filings: FILINGS.filter((f) => types.includes(f.type)),
      } satisfies ResponseOf<typeof getAssetFiles>);
    }),
  );
}

/** The kind chips of the listed filings, in order. */
const listedForms = () =>
  within(screen.getByTestId('sec-filings-list'))
    .getAllByRole('button')
    .map((row) => row.querySelector('.MuiChip-label')?.textContent);

describe('the SEC filings of a symbol', () => {
  it('filters by the kinds chosen in the settings modal, keeps the choice and opens a filing', async () => {
    answerFilings();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/quote/AAPL/sec-filings']}>
          <SecFilingsTab symbol="AAPL" asset={APPLE} />
          <ModalHost />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByTestId('sec-filings-list');
    expect(listedForms()).toEqual(['8-K', '10-Q', '10-K']);
    expect(screen.getByTestId('sec-filings').textContent).toContain('All eleven filing kinds');

    await user.click(screen.getByRole('button', { name: 'Filing types' }));
    const settings = await screen.findByRole('dialog');
    const kinds = await within(settings).findByTestId('sec-filing-kinds');
    expect(within(kinds).getAllByRole('checkbox')).toHaveLength(11);
    await user.click(within(settings).getByRole('button', { name: 'None' }));
    await user.click(within(settings).getByRole('checkbox', { name: /10-Q Quarterly Report/ }));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listedForms()).toEqual(['10-Q']));
    expect(screen.getByTestId('sec-filings').textContent).toContain('1 of 11 filing kinds');
    expect(localStorage.getItem('earningshub.secFilingSelection')).toBe('["sec_10q"]');

    await user.click(within(screen.getByTestId('sec-filings-list')).getByRole('button'));
    const opened = await screen.findByRole('dialog');
    expect((await within(opened).findByTestId('sec-filing')).textContent).toContain('AAPL · 10-Q Quarterly Report');
    expect(
      within(opened)
        .getByRole('link', { name: /Open on SEC EDGAR/ })
        .getAttribute('href'),
    ).toBe('https://www.sec.gov/Archives/edgar/data/320193/000032019326000002/');
  });
});
