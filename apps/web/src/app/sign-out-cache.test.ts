import { describe, expect, it } from 'vitest';
import { alertsApi } from '../features/alerts/alerts-api.ts';
import { LISTS_ARGS, listsApi } from '../features/lists/lists-api.ts';
import { signedIn, signedOut } from '../shared/auth-slice.ts';
import { makeStore } from './store.ts';

const LIST = {
  id: 'list-1',
  userId: 'user-1',
  name: 'Core holdings',
  cash: 1000,
  pinned: false,
  createdAt: '2026-01-02T00:00:00.000Z',
  items: [],
};

async function storeWithUserData(status: 'signedIn' | 'unknown') {
  const store = makeStore();
  if (status === 'signedIn') store.dispatch(signedIn({ email: 'free@demo.earningshub.dev' }));
  await store.dispatch(listsApi.util.upsertQueryData('getLists', LISTS_ARGS, { lists: [LIST], listLimit: 1 } as never));
  await store.dispatch(alertsApi.util.upsertQueryData('getAlerts', undefined, { alerts: [] }));
  await store.dispatch(
    alertsApi.util.upsertQueryData('getAlertCounts', { symbols: 'AAPL' }, { total: 1, symbols: { AAPL: 3 } }),
  );
  return store;
}

const cachedLists = (store: ReturnType<typeof makeStore>) =>
  listsApi.endpoints.getLists.select(LISTS_ARGS)(store.getState() as never).data;

describe('signing out', () => {
  it('drops the cached lists, alerts and alert counts of the user who signed out', async () => {
    const store = await storeWithUserData('signedIn');
    expect(cachedLists(store)?.lists).toHaveLength(1);
    expect(Object.keys(store.getState().api.queries)).toHaveLength(3);

    store.dispatch(signedOut());

    expect(cachedLists(store)).toBeUndefined();
    expect(alertsApi.endpoints.getAlerts.select()(store.getState() as never).data).toBeUndefined();
    expect(
      alertsApi.endpoints.getAlertCounts.select({ symbols: 'AAPL' })(store.getState() as never).data,
    ).toBeUndefined();
    expect(store.getState().api.queries).toEqual({});
  });

  it('keeps the answers of an anonymous start (unknown → signed out)', async () => {
    const store = await storeWithUserData('unknown');
    store.dispatch(signedOut());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(3);
  });
});
