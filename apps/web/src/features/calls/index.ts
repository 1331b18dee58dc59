/** The calls feature's public face: what other features use of it. */
/** A call event for tests (the tour's model tests use it too). */
export { callEvent } from './call-fixture.ts';
export { callsApi, useGetCallsQuery } from './calls-api.ts';
export type { CallTab } from './calls-model.ts';
export { CALLS_PAGE_SIZE, callLink, callPagePath, splitLive } from './calls-model.ts';
