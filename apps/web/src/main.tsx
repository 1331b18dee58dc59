import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { makeStore } from './app/store.ts';

const store = makeStore();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices and yields to the browser between them instead of
// holding the main thread for one long task (a phone's first paint and input stay responsive).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <App router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
