import type { addAlert, BodyOf, deleteAlert, getAlertCounts, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { ALERT_DEFAULTS } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { network } from '../../test/network.ts';
import { AddAlertButton } from './add-alert-button.tsx';
import { ALERT_SIGN_IN_MESSAGE, alertAddedMessage } from './alert-messages.ts';
import type { Alert } from './alerts-api.ts';

const SYMBOL = 'AAPL';

/** The symbol's alert as saved: a mix unlike the defaults, so a restore to the defaults would show. */
const SAVED: Alert = {
  userId: '00000000-0000-4000-8000-000000000001',
  symbol: SYMBOL,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-03T03:04:05.000Z',
  liveCall: true,
  earningsResults: true,
  eventTranscript: false,
  eventTranscriptSummary: true,
  dailySummary: false,
  weeklySummary: true,
  analystRatings: false,
  guidance: true,
  dividendPayment: false,
  earningsReminder: false,
  notifyByEmail: false,
  notifyBySms: true,
  notifyByPush: true,
};

/** A server holding the caller's one alert; it notes each change it receives. */
function answerAlerts() {
  let alerts: Alert[] = [SAVED];
  const deleted: string[] = [];
  const added: BodyOf<typeof addAlert>[] = [];
  network.use(
    http.get(`*${paths.getAlertCounts}`, () =>
      HttpResponse.json({
        total: alerts.length,
        symbols: { [SYMBOL]: alerts.length },
      } satisfies ResponseOf<typeof getAlertCounts>),
    ),
    http.get(`*${paths.getAlerts}`, () => HttpResponse.json({ alerts })),
    http.delete(`*${paths.deleteAlert}`, ({ params }) => {
      const symbol = String(params.symbol);
      deleted.push(symbol);
      alerts = alerts.filter((alert) => alert.symbol !== symbol);
      return HttpResponse.json({ symbol, deleted: true } satisfies ResponseOf<typeof deleteAlert>);
    }),
    http.post(`*${paths.addAlert}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof addAlert>;
      added.push(body);
      const { symbol: _symbol, ...settings } = body;
      const alert: Alert = { ...SAVED, ...settings };
      alerts = [alert];
      return HttpResponse.json(alert);
    }),
  );
  return { deleted, added };
}

/**
 * A server where `others` other users have alerts on `symbol` and the reader none yet; it counts the reader's and
 * notes each add it receives.
 */
function answerFollowers(symbol: string, others: number) {
  let alerts: Alert[] = [];
  const added: BodyOf<typeof addAlert>[] = [];
  network.use(
    http.get(`*${paths.getAlertCounts}`, () =>
      HttpResponse.json({
        total: alerts.length,
        symbols: { [symbol]: others + alerts.length },
      } satisfies ResponseOf<typeof getAlertCounts>),
    ),
    http.get(`*${paths.getAlerts}`, () => HttpResponse.json({ alerts })),
    http.post(`*${paths.addAlert}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof addAlert>;
      added.push(body);
      const alert: Alert = { ...SAVED, ...ALERT_DEFAULTS, symbol: body.symbol };
      alerts = [alert];
      return HttpResponse.json(alert);
    }),
  );
  return { added };
}

const MEMBER = { auth: { status: 'signedIn', email: 'member@example.com', viaLink: false } } as const;
const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

function renderButton(symbol = SYMBOL, state: Parameters<typeof makeStore>[0] = MEMBER) {
  const store = makeStore(state);
  render(
    <AppProviders store={store}>
      <AddAlertButton symbol={symbol} />
      <ToastHost />
    </AppProviders>,
  );
}

describe('the symbol header alerts button', () => {
  it('turns the symbol’s alerts off, and Undo in the toast puts back every switch as it was', async () => {
    const server = answerAlerts();
    const user = userEvent.setup();
    renderButton();

    const toggle = await screen.findByRole('button', { name: /^Alerts on/, pressed: true });
    await user.click(toggle);
    await waitFor(() => expect(server.deleted).toEqual([SYMBOL]));
    const removed = await screen.findByTestId('toast');
    expect(removed.textContent).toContain(`Removed alerts for ${SYMBOL}`);
    expect(await screen.findByRole('button', { name: /^Add to alerts/, pressed: false })).toBeTruthy();

    await user.click(within(removed).getByRole('button', { name: 'Undo' }));
    const { userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...wasOn } = SAVED;
    await waitFor(() => expect(server.added).toEqual([wasOn]));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain(`Restored alerts for ${SYMBOL}`));
    expect(screen.getByRole('button', { name: /^Alerts on/, pressed: true })).toBeTruthy();
    expect(server.deleted).toEqual([SYMBOL]);
  });

  it('names the alert settings button and hints it', async () => {
    answerAlerts();
    const user = userEvent.setup();
    renderButton();
    const settings = await screen.findByRole('button', { name: `Alert settings for ${SYMBOL}` });
    await user.hover(settings);
    expect((await screen.findByRole('tooltip')).textContent).toBe(`Alert settings for ${SYMBOL}`);
  });

  it('shows how many users have alerts on the symbol, one more once the reader adds theirs', async () => {
    const others = 1_233;
    const server = answerFollowers('NVDA', others);
    const user = userEvent.setup();
    renderButton('NVDA');

    const count = await screen.findByTestId('alert-count');
    expect(count.dataset.count).toBe(String(others));
    expect(count.textContent).toBe('1,233');
    const toggle = screen.getByRole('button', { name: /^Add to alerts/, pressed: false });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await user.hover(count);
    expect((await screen.findByRole('tooltip')).textContent).toBe('1,233 users have alerts on NVDA');

    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain(alertAddedMessage('NVDA')));
    expect(await screen.findByRole('button', { name: /^Alerts on/, pressed: true })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('alert-count').dataset.count).toBe(String(others + 1)));
    expect(screen.getByTestId('alert-count').textContent).toBe('1,234');
    // Only the symbol is sent: the server chooses the switches (the defaults, or those the plan lets a member save).
    expect(server.added).toEqual([{ symbol: 'NVDA' }]);
  });

  it('asks a signed-out visitor to sign in, asking the server nothing', async () => {
    const user = userEvent.setup();
    renderButton(SYMBOL, VISITOR);

    const toggle = await screen.findByRole('button', { name: 'Add to alerts', pressed: false });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    // A visitor is shown no count and no settings: those are a member's.
    expect(screen.queryByTestId('alert-count')).toBeNull();
    expect(screen.queryByRole('button', { name: `Alert settings for ${SYMBOL}` })).toBeNull();
    await user.click(toggle);
    expect((await screen.findByTestId('toast')).textContent).toContain(ALERT_SIGN_IN_MESSAGE);
    expect(screen.getByRole('button', { name: 'Add to alerts', pressed: false })).toBeTruthy();
  });
});
