import type { addAlert, BodyOf, updateAllAlerts } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { ALERT_DEFAULTS, FREE_PLAN, type Plan, PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import type { Alert } from './alerts-api.ts';
import { AlertsPanel } from './alerts-panel.tsx';

const alertOn = (symbol: string, settings: Partial<Alert> = {}): Alert => ({
  userId: '00000000-0000-4000-8000-000000000001',
  symbol,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  ...ALERT_DEFAULTS,
  ...settings,
});

/** A server holding the reader's alerts; it notes each change, and refuses adds while `refuse` is set. */
function answerAlerts(plan: Plan, held: Alert[]) {
  answerMe(plan);
  let alerts = held;
  const state = { refuse: false, added: [] as BodyOf<typeof addAlert>[], all: [] as BodyOf<typeof updateAllAlerts>[] };
  network.use(
    http.get(`*${paths.getAlerts}`, () => HttpResponse.json({ alerts })),
    http.post(`*${paths.updateAllAlerts}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof updateAllAlerts>;
      state.all.push(body);
      alerts = alerts.map((alert) => ({ ...alert, ...body }));
      return HttpResponse.json({ alerts });
    }),
    http.post(`*${paths.addAlert}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof addAlert>;
      if (state.refuse)
        return HttpResponse.json({ message: 'Internal server error', code: 'INTERNAL_ERROR' }, { status: 500 });
      state.added.push(body);
      const { symbol, ...settings } = body;
      const alert = { ...(alerts.find((a) => a.symbol === symbol) ?? alertOn(symbol)), ...settings };
      alerts = alerts.map((a) => (a.symbol === symbol ? alert : a));
      return HttpResponse.json(alert);
    }),
  );
  return state;
}

function renderPanel(symbol?: string) {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter>
        <AlertsPanel symbol={symbol} inModal={symbol !== undefined} />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The alert row of `symbol`, once the alerts are on screen. */
async function row(symbol: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[data-testid="alert-row"][data-symbol="${symbol}"]`);
    if (!found) throw new Error(`no alert row for ${symbol}`);
    return found;
  });
}

/** The reader's plan has landed: a paid reader's panel drops the upgrade prompt. */
const planLanded = () => waitFor(() => expect(screen.queryByTestId('upgrade-prompt')).toBeNull());

describe('the alerts list', () => {
  it("shows a free reader's default alerts in words, with the upgrade prompt and no switch to change", async () => {
    answerAlerts(FREE_PLAN, [alertOn('AAPL')]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPanel();
    const aapl = await row('AAPL');
    expect(within(aapl).getByTestId('alert-summary').textContent).toBe('Reminder · by Email and Push');
    expect(within(screen.getByTestId('alerts-panel')).getByTestId('upgrade-prompt').dataset.feature).toBe('alerts');
    await user.click(within(aapl).getByRole('button', { name: 'Change alerts for AAPL' }));
    expect((within(aapl).getByRole('checkbox', { name: 'Reminder for AAPL' }) as HTMLInputElement).checked).toBe(true);
    expect((within(aapl).getByRole('checkbox', { name: 'SMS for AAPL' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('alerts-every')).toBeNull();
  });

  it("saves a paid reader's switch at once, and undoes one the server refuses, saying so", async () => {
    const server = answerAlerts(PRO_PLAN, [alertOn('AAPL'), alertOn('MSFT')]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPanel();
    const aapl = await row('AAPL');
    await planLanded();
    // Closed until asked: a phone shows every alert as one line.
    expect(within(aapl).queryByRole('checkbox')).toBeNull();
    const change = within(aapl).getByRole('button', { name: 'Change alerts for AAPL' });
    expect(change.getAttribute('aria-expanded')).toBe('false');
    await user.click(change);
    await user.click(within(aapl).getByRole('checkbox', { name: 'SMS for AAPL' }));
    await waitFor(() => expect(server.added).toEqual([{ symbol: 'AAPL', notifyBySms: true }]));
    await waitFor(() =>
      expect(within(aapl).getByTestId('alert-summary').textContent).toBe('Reminder · by Email, SMS and Push'),
    );

    server.refuse = true;
    const live = within(aapl).getByRole('checkbox', { name: 'Live call for AAPL' }) as HTMLInputElement;
    await user.click(live);
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Updating alerts for AAPL failed and was undone: Internal server error',
    );
    await waitFor(() => expect(live.checked).toBe(false));
    expect(server.added).toHaveLength(1);
  });

  it('changes one switch on every alert at once', async () => {
    const server = answerAlerts(PRO_PLAN, [alertOn('AAPL'), alertOn('MSFT')]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPanel();
    await row('AAPL');
    await planLanded();
    await user.click(screen.getByRole('button', { name: 'Change every alert at once (2)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Results for all alerts' }));
    await waitFor(() => expect(server.all).toEqual([{ earningsResults: true }]));
    for (const symbol of ['AAPL', 'MSFT'])
      await waitFor(async () =>
        expect(within(await row(symbol)).getByTestId('alert-summary').textContent).toBe(
          'Results and Reminder · by Email and Push',
        ),
      );
  });

  it("one symbol's alerts (its alerts dialog) open with every switch, and nothing to fold", async () => {
    answerAlerts(PRO_PLAN, [alertOn('CRM', { guidance: true }), alertOn('AAPL')]);
    renderPanel('crm');
    expect((await screen.findByRole('heading', { name: 'Alerts for CRM' })).textContent).toBe('Alerts for CRM');
    const crm = await row('CRM');
    expect(within(crm).queryByRole('button', { name: /Change alerts/ })).toBeNull();
    expect((within(crm).getByRole('checkbox', { name: 'Guidance for CRM' }) as HTMLInputElement).checked).toBe(true);
    for (const channel of ['Email', 'SMS', 'Push'])
      expect(within(crm).getByRole('checkbox', { name: `${channel} for CRM` })).toBeTruthy();
    expect(screen.queryByText('AAPL')).toBeNull();
  });
});
