import type { getNotificationProviders, getUnsubscribe, postUnsubscribe, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { LOCAL_MAILBOX_PROVIDER } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { NotificationProvidersSection } from './providers-section.tsx';
import UnsubscribePage from './unsubscribe-page.tsx';

/**
 * The page an alert email's unsubscribe link opens, and the transports' circuits on /dev. What a link turns off and
 * that the server turns it off are the server's notification-delivery tests'; following a real email's link is
 * alerts-delivery.test.ts's.
 */

const TOKEN = 'eyJraW5kIjoiZWFybmluZ3NSZXN1bHRzIiwic3ltYm9sIjoiT1JDTCJ9.c2lnbmVk';

/** The scope the server names for a results alert's link on ORCL. */
const SCOPE: ResponseOf<typeof getUnsubscribe> = {
  kind: 'earningsResults',
  symbol: 'ORCL',
  description: 'Earnings results alerts for ORCL (email, push and text messages)',
};

describe('the unsubscribe page', () => {
  it('says what the link turns off, and one click turns it off', async () => {
    const asked: string[] = [];
    network.use(
      http.get(`*${paths.getUnsubscribe}`, ({ request }) => {
        asked.push(`GET ${new URL(request.url).searchParams.get('token')}`);
        return HttpResponse.json(SCOPE);
      }),
      http.post(`*${paths.postUnsubscribe}`, ({ request }) => {
        asked.push(`POST ${new URL(request.url).searchParams.get('token')}`);
        return HttpResponse.json({ ...SCOPE, unsubscribed: true } satisfies ResponseOf<typeof postUnsubscribe>);
      }),
    );
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={[`/unsubscribe?token=${TOKEN}`]}>
          <UnsubscribePage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect((await screen.findByTestId('unsubscribe-scope')).textContent).toBe(SCOPE.description);
    expect(asked).toEqual([`GET ${TOKEN}`]);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('unsubscribed')).textContent).toBe(
      `Turned off: ${SCOPE.description}. You can turn it back on from the alerts of your lists.`,
    );
    expect(asked).toEqual([`GET ${TOKEN}`, `POST ${TOKEN}`]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});

describe('the transports’ circuits on /dev', () => {
  it('show a transport that works as working, and one resting after failures with its last error', async () => {
    const answer: ResponseOf<typeof getNotificationProviders> = {
      providers: [
        {
          name: LOCAL_MAILBOX_PROVIDER,
          state: 'closed',
          failures: 0,
          openUntil: null,
          lastError: null,
          lastFailureAt: null,
          lastSuccessAt: '2026-03-10T20:05:00.000Z',
        },
        {
          name: 'twilio',
          state: 'open',
          failures: 5,
          openUntil: '2026-03-10T20:10:00.000Z',
          lastError: 'connect ECONNREFUSED',
          lastFailureAt: '2026-03-10T20:05:00.000Z',
          lastSuccessAt: null,
        },
      ],
      queue: { queued: 1, sending: 0, sent: 12, failed: 5, skipped: 2 },
    };
    network.use(http.get(`*${paths.getNotificationProviders}`, () => HttpResponse.json(answer)));
    render(
      <AppProviders store={makeStore()}>
        <NotificationProvidersSection />
      </AppProviders>,
    );
    const section = await screen.findByTestId('notification-providers');
    const mailbox = within(section).getByTestId(`provider-${LOCAL_MAILBOX_PROVIDER}`);
    expect(within(mailbox).getAllByRole('cell')[1]?.textContent).toBe('Working');
    const twilio = within(section).getByTestId('provider-twilio');
    await waitFor(() => expect(within(twilio).getAllByRole('cell')[1]?.textContent).toMatch(/^Resting until /));
    expect(within(twilio).getAllByRole('cell')[2]?.textContent).toBe('5');
    expect(twilio.textContent).toContain('connect ECONNREFUSED');
    expect(
      within(section)
        .getAllByText(/^(Waiting|Sending|Sent|Failed|Not sent) \d+$/)
        .map((chip) => chip.textContent),
    ).toEqual(['Waiting 1', 'Sending 0', 'Sent 12', 'Failed 5', 'Not sent 2']);
  });
});
