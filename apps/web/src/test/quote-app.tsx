import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/router.tsx';
import { makeStore } from '../app/store.ts';
import type { AppStore } from '../shared/store.ts';
import { initialUiState } from '../shared/ui-slice.ts';

/**
 * The whole app at `path`, as the browser's entry renders it: the real route table (its redirects, lazy pages and
 * chrome) in memory, on the real store. Returns the router, whose location is the address bar's. The store starts
 * from `path` as the browser's starts from its address: a `?theme=` is painted from the first frame, not after the
 * effect that follows later changes of the address.
 */
export function renderApp(
  path: string,
  store: AppStore = makeStore({ ui: initialUiState(new URL(path, 'http://localhost').search) }),
) {
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store };
}

export { viewport } from './viewport.ts';

/**
 * The bound of a test that walks through every tab of the symbol page, each drawing its section from a lazily
 * loaded chunk: seconds on a quiet machine, over the project's 20 s when the other suites keep both cores busy.
 */
export const TAB_WALK_BOUND_MS = 60_000;
