import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { DateStatusMark, type DateStatusMarkProps } from './date-status-mark.tsx';

const ESTIMATED = 'Estimated date (by Yahoo Finance). The company has not confirmed it yet.';
const CONFIRMED = 'Date confirmed by the company. Source: SEC filing (8-K Item 2.02).';

function renderMarks(rows: DateStatusMarkProps['row'][]) {
  render(
    <AppProviders store={makeStore()}>
      <button type="button">Before the marks</button>
      {rows.map((row) => (
        <DateStatusMark key={`${row.dateStatus}-${row.dateSource}`} row={row} />
      ))}
    </AppProviders>,
  );
}

describe('the confirmed / estimated mark', () => {
  it('is named by the whole sentence, saying who estimated or confirmed the date', () => {
    renderMarks([
      { dateStatus: 'estimated', dateSource: 'yahoo' },
      { dateStatus: 'confirmed', dateSource: 'sec' },
    ]);
    const [estimated, confirmed] = screen.getAllByRole('img');
    expect(estimated?.getAttribute('aria-label')).toBe(ESTIMATED);
    expect(estimated?.textContent).toBe('Est.');
    expect(confirmed?.getAttribute('aria-label')).toBe(CONFIRMED);
    expect(confirmed?.textContent).toBe('Conf.');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('explains itself on hover and hides the hint with Escape', async () => {
    renderMarks([{ dateStatus: 'estimated', dateSource: 'yahoo' }]);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('img', { name: ESTIMATED }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(ESTIMATED);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('explains itself when reached with the keyboard', async () => {
    renderMarks([{ dateStatus: 'confirmed', dateSource: 'sec' }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before the marks' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('img', { name: CONFIRMED }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(CONFIRMED);
  });

  it('explains itself on a tap, the hint staying once the finger lifts', async () => {
    renderMarks([{ dateStatus: 'estimated', dateSource: 'demo' }]);
    const mark = screen.getByRole('img', {
      name: 'Estimated date (by the demo market). The company has not confirmed it yet.',
    });
    fireEvent.touchStart(mark);
    fireEvent.touchEnd(mark);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Estimated date (by the demo market). The company has not confirmed it yet.',
    );
  });
});
