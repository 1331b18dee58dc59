import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { startPlatform } from './app/start-platform.ts';
import { makeStore } from './app/store.ts';

/**
 * Lets the browser paint and handle input between the start's steps: evaluating the modules, building the store
 * and matching the first URL against every route are each tens of milliseconds on a phone, and one task holding
 * all of them blocks the page for their sum.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await yieldToBrowser();
const store = makeStore();
await yieldToBrowser();
const router = createAppRouter(store);
await yieldToBrowser();

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

// The live socket, after the first paint (a chunk of its own: the first load's budget holds none of it).
setTimeout(() => void import('./app/live.ts').then((live) => live.startLive(store)), 0);

// Inside the native shell only: status bar, back button, deep links, app state, the login push check (platform/).
setTimeout(() => startPlatform(store, router), 0);

// The service worker (offline shell, update available, install offer), after the first paint in a chunk of its own.
setTimeout(() => void import('./features/pwa/pwa-start.ts').then((pwa) => pwa.startPwa(store)), 0);
