import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { network } from './network.ts';
import { DEFAULT_VIEWPORT, viewport } from './viewport.ts';

/**
 * A number field's step as a browser checks it: happy-dom takes the float remainder (250 % 0.01 is not 0), so nearly
 * every amount in a `step="0.01"` field reads as off-step and its form never submits. A browser counts steps from
 * the minimum (or 0), which a whole cent always is.
 */
Object.defineProperty(ValidityState.prototype, 'stepMismatch', {
  // Defined again by each file of a worker that shares its window.
  configurable: true,
  get(this: { element: HTMLInputElement }) {
    const input = this.element;
    if (input.localName !== 'input' || (input.type !== 'number' && input.type !== 'range')) return false;
    const step = input.getAttribute('step') ?? '1';
    if (input.value === '' || step === 'any') return false;
    const steps = (Number(input.value) - Number(input.getAttribute('min') ?? 0)) / Number(step);
    return Math.abs(steps - Math.round(steps)) > 1e-9;
  },
});

/**
 * How long findBy / waitFor wait for what a person would see: a bound, not a speed check. The default second is
 * too short when the suites share the machine's two cores (a list's answer landing, a dialog's lazy chunk).
 */
configure({ asyncUtilTimeout: 10_000 });

/** Requests no handler of the test answered: each fails the test it came from. */
let unanswered = 0;

beforeAll(() =>
  network.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      unanswered += 1;
      // Prints the request and fails its fetch, as a server that is not there would: it never leaves the process.
      defaults.warn();
      frame.errorWith(new TypeError('Failed to fetch: no handler answers this request in the test'));
    },
  }),
);
// Each test starts from an empty document and no answers of the test before.
afterEach(() => {
  cleanup();
  network.resetHandlers();
  const count = unanswered;
  unanswered = 0;
  if (count > 0) throw new Error(`${count} request(s) had no answer: give the test a handler (network.use) for each`);
});
afterAll(() => network.close());

/**
 * The files of a worker share its process and its window (the project does not isolate them): React, MUI and the
 * other packages load once, which is most of a file's start. What a file could leave for the next is undone here:
 * our own modules are evaluated afresh for every file (their module-level state: the symbol catalog, the live
 * socket, the session), and the window is put back as a fresh one starts: no storage, an empty document
 * at the page's address and the default size.
 */
afterAll(() => {
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) if (name !== 'lang') element.removeAttribute(name);
  }
  document.body.replaceChildren();
  for (const tag of document.head.querySelectorAll('meta[name], link[rel="canonical"], script')) tag.remove();
  window.history.replaceState(null, '', '/');
  viewport(DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height);
});
