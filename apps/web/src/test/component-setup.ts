import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { network } from './network.ts';

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
