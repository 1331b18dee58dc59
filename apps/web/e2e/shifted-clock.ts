/**
 * A clock `offsetMs` ahead of the machine's, for a server and a browser that must see the market at a chosen hour
 * whatever hour the suite runs at (report-reaction.test.ts): only `Date` moves, so timers, timeouts and the socket's
 * heartbeats keep real time, and the two sides agree on what time it is. A server takes it with
 * `node --import ./shifted-clock.ts` and `E2E_CLOCK_OFFSET_MS` (worker threads inherit the import, and PGlite's
 * `now()` reads `Date` too); a page with `context.addInitScript(shiftDate, offsetMs)`, so the function stands alone.
 */
export function shiftDate(offsetMs: number): void {
  const Real = Date;
  const now = () => Real.now() + offsetMs;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new Real(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}

const offset = Number(globalThis.process?.env.E2E_CLOCK_OFFSET_MS ?? 0);
if (offset !== 0) shiftDate(offset);
