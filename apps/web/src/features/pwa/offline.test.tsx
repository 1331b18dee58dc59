/**
 * A page opened without a network, on one screen: the frame is drawn and the page says in plain words that the data
 * cannot be reached, rather than showing an empty calendar or an error page. Every API call fails as a fetch does
 * offline. That the installed app opens offline from its cached shell in a real browser is e2e/pwa.test.ts.
 */
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGES } from '../../shared/api.ts';
import { network } from '../../test/network.ts';
import { renderApp } from '../../test/quote-app.tsx';

beforeAll(() => import('../../app/page-loaders.ts'));

describe('offline', () => {
  it('the calendar shows the frame and says the server cannot be reached', async () => {
    // Offline: every request fails before any answer, the app's own files as well as the API.
    network.use(http.all('*', () => HttpResponse.error()));
    renderApp('/earnings-calendar/this-week');
    await screen.findByRole('navigation', { name: 'Main' });
    const said = await screen.findAllByText(NETWORK_ERROR_MESSAGES.FETCH_ERROR);
    expect(said.length).toBeGreaterThan(0);
    expect(NETWORK_ERROR_MESSAGES.FETCH_ERROR).toBe('Could not reach the server. Check your connection and try again.');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
