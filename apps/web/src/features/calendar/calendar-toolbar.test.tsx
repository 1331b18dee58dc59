import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { DEFAULT_CALENDAR_TOGGLES } from '../../shared/preferences.ts';
import { CalendarToolbar } from './calendar-toolbar.tsx';

function renderToolbar() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <CalendarToolbar
          view="week"
          rangeLabel="Feb 9 – 13, 2026"
          anchor="2026-02-09"
          previous="2026-02-02"
          next="2026-02-16"
          isCurrent={false}
          hrefFor={(target) => `/earnings-calendar/week-of/${target.date}`}
          onPick={() => {}}
          filter="popular"
          onFilter={() => {}}
          sort="popularity"
          onSort={() => {}}
          toggles={DEFAULT_CALENDAR_TOGGLES}
          onToggles={() => {}}
          onOpenSettings={() => {}}
          onOpenEmbed={() => {}}
          todayTarget={{ view: 'week', date: '2026-02-11' }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the calendar toolbar', () => {
  it('names its icon buttons by their hints before any hint was shown, and hints each on keyboard focus', async () => {
    const user = userEvent.setup();
    renderToolbar();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous week' }).getAttribute('href')).toBe(
      '/earnings-calendar/week-of/2026-02-02',
    );
    expect(screen.getByRole('link', { name: 'Next week' }).getAttribute('href')).toBe(
      '/earnings-calendar/week-of/2026-02-16',
    );
    // Calls are the one calendar on by default besides the estimated dates every report carries.
    const toggles = screen.getByRole('button', { name: 'Calendars shown, 1 on' });
    const settings = screen.getByRole('button', { name: 'Calendar settings' });
    expect(screen.getByRole('button', { name: 'Embed this calendar' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.tab();
    expect(document.activeElement).toBe(toggles);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Calendars shown'));
    await user.tab();
    expect(document.activeElement).toBe(settings);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Calendar settings'));
  });
});
