import type {
  BodyOf,
  DeliveryLogEntry,
  NotificationPreferences,
  postNotificationPreferences,
  postTestNotification,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { LOCAL_MAILBOX_PROVIDER, MAX_DAILY_NOTIFICATION_CAP } from '@eh/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { NotificationsSection } from './notifications-section.tsx';
import { NOTIFICATIONS_TEXT } from './notifications-text.ts';

/**
 * The profile's "Notifications": the limits a member keeps (time zone, quiet hours, daily cap), a test sent from
 * there, and "Notifications sent" listing what went out. That the server keeps the limits and its worker sends the
 * test is the server's notification-delivery tests'; the alert's email reaching the mailbox is alerts-delivery.test.ts.
 */

/** A fresh account's limits (the server's defaults). */
const FRESH: NotificationPreferences = { timeZone: 'America/New_York', quietStart: null, quietEnd: null, dailyCap: 20 };

/** The results alert on ORCL, emailed into this server's local mailbox. */
const RESULTS_EMAIL: DeliveryLogEntry = {
  id: 41,
  kind: 'earningsResults',
  symbol: 'ORCL',
  title: 'ORCL reported: EPS $1.47 against $1.42 expected',
  path: '/quote/ORCL',
  channel: 'email',
  status: 'sent',
  provider: LOCAL_MAILBOX_PROVIDER,
  providerAnswer: 'kept in the local mailbox',
  attempts: 1,
  sentAt: '2026-03-10T20:05:00.000Z',
  notBefore: '2026-03-10T20:04:58.000Z',
  createdAt: '2026-03-10T20:04:58.000Z',
};

interface Server {
  preferences: NotificationPreferences;
  saves: BodyOf<typeof postNotificationPreferences>[];
  tests: BodyOf<typeof postTestNotification>[];
  deliveries: DeliveryLogEntry[];
}

/**
 * The notifications API of a member holding `deliveries`: limits saved as POSTed; a test queued at once and sent by
 * the time the log is read again, as the server's worker does.
 */
function answerNotifications(deliveries: DeliveryLogEntry[]): Server {
  const server: Server = { preferences: FRESH, saves: [], tests: [], deliveries };
  network.use(
    http.get(`*${paths.getNotificationPreferences}`, () => HttpResponse.json(server.preferences)),
    http.post(`*${paths.postNotificationPreferences}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postNotificationPreferences>;
      server.saves.push(body);
      server.preferences = { ...server.preferences, ...body };
      return HttpResponse.json(server.preferences);
    }),
    http.get(`*${paths.getDeliveries}`, () => {
      const answer = { deliveries: server.deliveries, next: null };
      // What was queued is sent by the next time the log is read.
      server.deliveries = server.deliveries.map((entry) =>
        entry.status === 'queued' ? { ...entry, status: 'sent', sentAt: new Date().toISOString() } : entry,
      );
      return HttpResponse.json(answer);
    }),
    http.post(`*${paths.postTestNotification}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postTestNotification>;
      server.tests.push(body);
      const now = new Date().toISOString();
      const delivery: DeliveryLogEntry = {
        id: 42,
        kind: 'test',
        symbol: null,
        title: 'Test email from your profile',
        path: '/profile',
        channel: body.channel,
        status: 'queued',
        provider: null,
        providerAnswer: null,
        attempts: 0,
        sentAt: null,
        notBefore: now,
        createdAt: now,
      };
      server.deliveries = [delivery, ...server.deliveries];
      return HttpResponse.json({ delivery } satisfies ResponseOf<typeof postTestNotification>, { status: 202 });
    }),
  );
  return server;
}

function renderSection() {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter>
        <NotificationsSection />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByTestId('profile-notifications');
}

/** The log's rows as "status channel: title". */
const rows = (section: HTMLElement) =>
  within(section)
    .queryAllByTestId('delivery-row')
    .map((row) => `${row.dataset.status} ${row.dataset.channel}: ${within(row).getByRole('link').textContent}`);

describe('the profile’s notifications', () => {
  it('lists what was sent, with what it was about, and a test from there joins it once it is on its way', async () => {
    const server = answerNotifications([RESULTS_EMAIL]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const section = renderSection();
    expect(within(section).getByRole('heading', { name: NOTIFICATIONS_TEXT.title, level: 2 })).toBeTruthy();
    await waitFor(() => expect(rows(section)).toEqual([`sent email: ${RESULTS_EMAIL.title}`]));
    const row = within(section).getByTestId('delivery-row');
    expect(row.textContent).toContain('Earnings results · ORCL');
    expect(row.textContent).toContain('Kept in this server’s local mailbox: it has no mail server to send it with.');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/quote/ORCL');

    await user.click(within(section).getByTestId('test-email'));
    expect((await screen.findByTestId('toast')).textContent).toContain(NOTIFICATIONS_TEXT.testQueued);
    expect(server.tests).toEqual([{ channel: 'email' }]);
    // Waiting first, then sent: the log asks again by itself while a delivery is on its way.
    await waitFor(() =>
      expect(rows(section)).toEqual(['sent email: Test email from your profile', `sent email: ${RESULTS_EMAIL.title}`]),
    );
  });

  it('keeps quiet hours and the daily cap, refusing a cap out of bounds before sending anything', async () => {
    const server = answerNotifications([]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const section = renderSection();
    expect(await within(section).findByText(NOTIFICATIONS_TEXT.logEmpty)).toBeTruthy();
    const form = await within(section).findByTestId('notification-preferences');
    const from = within(form).getByLabelText(NOTIFICATIONS_TEXT.quietFrom);
    const to = within(form).getByLabelText(NOTIFICATIONS_TEXT.quietTo);
    const cap = within(form).getByLabelText(NOTIFICATIONS_TEXT.dailyCap);
    const save = within(form).getByRole('button', { name: NOTIFICATIONS_TEXT.save });
    // Quiet hours are off: their times wait, at the hours they start from.
    expect(
      [from, to].map((input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).disabled]),
    ).toEqual([
      ['22:00', true],
      ['07:00', true],
    ]);

    await user.click(within(form).getByLabelText(NOTIFICATIONS_TEXT.quietHours));
    fireEvent.change(from, { target: { value: '23:00' } });
    fireEvent.change(to, { target: { value: '06:30' } });
    await user.clear(cap);
    await user.type(cap, String(MAX_DAILY_NOTIFICATION_CAP + 1));
    expect(within(form).getByText(`A whole number from 0 to ${MAX_DAILY_NOTIFICATION_CAP}`)).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.submit(form);

    await user.clear(cap);
    await user.type(cap, '12');
    expect(within(form).getByText(NOTIFICATIONS_TEXT.dailyCapHelp)).toBeTruthy();
    await user.click(save);
    expect((await screen.findByTestId('toast')).textContent).toContain(NOTIFICATIONS_TEXT.saved);
    expect(server.saves).toEqual([{ timeZone: FRESH.timeZone, quietStart: '23:00', quietEnd: '06:30', dailyCap: 12 }]);
    // The form shows what the server kept.
    const kept = () =>
      [NOTIFICATIONS_TEXT.quietFrom, NOTIFICATIONS_TEXT.quietTo, NOTIFICATIONS_TEXT.dailyCap].map(
        (label) => (within(section).getByLabelText(label) as HTMLInputElement).value,
      );
    await waitFor(() => expect(kept()).toEqual(['23:00', '06:30', '12']));
    expect(within(section).getByLabelText(NOTIFICATIONS_TEXT.quietHours)).toHaveProperty('checked', true);
  });
});
