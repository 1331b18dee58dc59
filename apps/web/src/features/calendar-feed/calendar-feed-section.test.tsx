import type { CalendarFeed, createCalendarFeed, getCalendarFeed, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { CALENDAR_FEED_TEXT, CalendarFeedSection } from './calendar-feed-section.tsx';

/**
 * The profile's calendar feed as its member sees it: turned on, the secret link with the buttons that add it to
 * Google Calendar and Apple Calendar, copied, replaced by a new one after a confirm, turned off. What the link serves
 * (RFC 5545 text, the member's reports, a revoked link's 404) is the server's: test/service/calendar-feed.test.ts
 * and test/integration/calendar-feed.test.ts; e2e/calendar-feed.test.ts fetches the link a page shows.
 */

/** A secret as the server makes them: 256 random bits in base64url, 43 characters. */
const secret = (n: number) => `${String(n).repeat(43)}`.slice(0, 43);

interface FeedServer {
  feed: CalendarFeed | null;
  /** The changes asked for, in order: POST (on, or a new secret) and DELETE (off). */
  changes: string[];
}

/**
 * The member's feed settings as the server keeps them on `origin`: off until a POST gives a new secret address (the
 * old one no longer counts), off again on DELETE.
 */
function answerFeed(origin: string, feed: CalendarFeed | null = null): FeedServer {
  const server: FeedServer = { feed, changes: [] };
  let made = 0;
  network.use(
    http.get(`*${paths.getCalendarFeed}`, () =>
      HttpResponse.json({ feed: server.feed } satisfies ResponseOf<typeof getCalendarFeed>),
    ),
    http.post(`*${paths.createCalendarFeed}`, () => {
      server.changes.push('POST');
      made += 1;
      server.feed = {
        url: `${origin}/api/calendar/${secret(made)}.ics`,
        createdAt: new Date(Date.UTC(2026, 1, 10, 12, made)).toISOString(),
      };
      return HttpResponse.json({ feed: server.feed } satisfies ResponseOf<typeof createCalendarFeed>);
    }),
    http.delete(`*${paths.deleteCalendarFeed}`, () => {
      server.changes.push('DELETE');
      server.feed = null;
      return HttpResponse.json({ feed: null });
    }),
  );
  return server;
}

function renderSection() {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter>
        <CalendarFeedSection />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return within(screen.getByTestId('calendar-feed'));
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The link field, once the feed is on. */
const linkField = async (section: ReturnType<typeof renderSection>) =>
  (await section.findByRole('textbox', { name: 'Your calendar link' })) as HTMLInputElement;

/** The text of the toast shown now, once it shows `text`. */
async function toastSays(text: string) {
  await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(text));
}

describe('the calendar feed on the profile', () => {
  it('turns on and shows the secret link, which the Google and Apple buttons carry as a webcal address', async () => {
    const server = answerFeed('http://127.0.0.1:8080');
    const person = user();
    const section = renderSection();
    expect(section.getByRole('heading', { name: CALENDAR_FEED_TEXT.title })).toBeTruthy();

    await person.click(await section.findByRole('button', { name: CALENDAR_FEED_TEXT.turnOn }));
    const field = await linkField(section);
    expect(server.changes).toEqual(['POST']);
    const url = server.feed?.url ?? '';
    expect(url).toBe(`http://127.0.0.1:8080/api/calendar/${secret(1)}.ics`);
    expect(field.value).toBe(url);
    expect(field.readOnly).toBe(true);

    const webcal = `webcal://127.0.0.1:8080/api/calendar/${secret(1)}.ics`;
    expect(section.getByRole('link', { name: 'Add to Apple Calendar' }).getAttribute('href')).toBe(webcal);
    const google = section.getByRole('link', { name: 'Add to Google Calendar' });
    const subscribe = new URL(google.getAttribute('href') ?? '');
    expect(`${subscribe.origin}${subscribe.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(subscribe.searchParams.get('cid')).toBe(webcal);
    expect(google.getAttribute('target')).toBe('_blank');
    // The link is on this computer, which Google's servers cannot reach: the section says so.
    expect(section.getByTestId('calendar-feed-private-host').textContent).toBe(CALENDAR_FEED_TEXT.privateHost);
    expect(section.getByText(new RegExp(`^${CALENDAR_FEED_TEXT.privacy}`))).toBeTruthy();
  });

  it('says nothing of a private network for a link on a public host', async () => {
    const url = `https://earningshub.example/api/calendar/${secret(7)}.ics`;
    answerFeed('https://earningshub.example', { url, createdAt: '2026-02-01T10:00:00.000Z' });
    const section = renderSection();

    expect((await linkField(section)).value).toBe(url);
    expect(section.getByRole('link', { name: 'Add to Apple Calendar' }).getAttribute('href')).toBe(
      `webcal://earningshub.example/api/calendar/${secret(7)}.ics`,
    );
    expect(section.queryByTestId('calendar-feed-private-host')).toBeNull();
  });

  it('copies the link', async () => {
    const url = `https://earningshub.example/api/calendar/${secret(3)}.ics`;
    answerFeed('https://earningshub.example', { url, createdAt: '2026-02-01T10:00:00.000Z' });
    const person = user();
    const section = renderSection();
    await linkField(section);

    await person.click(section.getByRole('button', { name: 'Copy' }));
    await toastSays(CALENDAR_FEED_TEXT.copied);
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('gets a new link only once the member confirms, and turns off', async () => {
    const server = answerFeed('https://earningshub.example');
    const person = user();
    const section = renderSection();
    await person.click(await section.findByRole('button', { name: CALENDAR_FEED_TEXT.turnOn }));
    const first = (await linkField(section)).value;

    // Asked first; cancelled, nothing changes.
    await person.click(section.getByRole('button', { name: 'Get a new link' }));
    const confirm = section.getByTestId('calendar-feed-rotate-confirm');
    expect(confirm.textContent).toContain(CALENDAR_FEED_TEXT.rotateConfirm);
    expect(confirm.textContent).toContain('Your current link stops working at once');
    await person.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(section.queryByTestId('calendar-feed-rotate-confirm')).toBeNull();
    expect(server.changes).toEqual(['POST']);

    await person.click(section.getByRole('button', { name: 'Get a new link' }));
    await person.click(
      within(section.getByTestId('calendar-feed-rotate-confirm')).getByRole('button', { name: 'Get new link' }),
    );
    await waitFor(async () => expect((await linkField(section)).value).not.toBe(first));
    expect(server.changes).toEqual(['POST', 'POST']);
    expect((await linkField(section)).value).toBe(server.feed?.url);
    await toastSays(CALENDAR_FEED_TEXT.rotated);
    expect(section.queryByTestId('calendar-feed-rotate-confirm')).toBeNull();

    await person.click(section.getByRole('button', { name: 'Turn off' }));
    await section.findByRole('button', { name: CALENDAR_FEED_TEXT.turnOn });
    expect(server.changes).toEqual(['POST', 'POST', 'DELETE']);
    expect(section.queryByRole('textbox', { name: 'Your calendar link' })).toBeNull();
    await toastSays(CALENDAR_FEED_TEXT.turnedOff);
  });
});
