import { paths } from '@eh/contracts/paths';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { usersApi } from '../../shared/users-api.ts';
import { accountOn } from '../../test/accounts.ts';
import { jwt } from '../../test/auth.ts';
import { network } from '../../test/network.ts';
import { AuthBootstrap } from './auth-bootstrap.tsx';

/** An identity token as the identity provider issues it; the server checks its signature, the app reads its claims. */
const identityToken = (email: string) => jwt({ email, token_use: 'id' });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('?token= in the address', () => {
  it('signs the visitor in for this visit with the token, which leaves the address while the rest stays', async () => {
    const me = accountOn('earningshub_pro');
    const token = identityToken(me.email ?? '');
    window.history.replaceState(null, '', `/about?token=${token}&theme=dark#top`);
    const store = makeStore();
    render(
      <AppProviders store={store}>
        <AuthBootstrap />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(store.getState().auth).toEqual({ status: 'signedIn', email: me.email, viaLink: true });
    // Not shared along with the address: the token is gone from it, the theme and the anchor are kept.
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/about?theme=dark#top');

    // The API is called with the token from the address as the bearer.
    const sent: (string | null)[] = [];
    network.use(
      http.get(`*${paths.getMe}`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json(me);
      }),
    );
    const answer = await store.dispatch(usersApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    expect(answer.data?.accountSubscription.plan).toBe('earningshub_pro');
    expect(sent).toEqual([`Bearer ${token}`]);
  });

  it('ignores a value that is not a token and leaves the visitor signed out', async () => {
    window.history.replaceState(null, '', '/about?token=not-a-token');
    const store = makeStore();
    render(
      <AppProviders store={store}>
        <AuthBootstrap />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
    expect(window.location.search).toBe('');
  });
});
