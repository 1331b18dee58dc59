/**
 * The callback of the toast's action button, kept outside Redux so the toast state stays serialisable (the
 * state holds the label; a Redux action to dispatch could not carry a request such as an RTK Query mutation).
 * One toast at a time (SPEC §2), so one callback at a time: a newer toast's action replaces the older one.
 */
let held: { toastId: string; run: () => void } | null = null;

export function holdToastAction(toastId: string, run: () => void): void {
  held = { toastId, run };
}

/** Runs the action of this toast, once; nothing when a newer toast's action replaced it. */
export function runToastAction(toastId: string): void {
  if (held?.toastId !== toastId) return;
  const { run } = held;
  held = null;
  run();
}

/** Lets go of this toast's action once the toast is closed. */
export function dropToastAction(toastId: string): void {
  if (held?.toastId === toastId) held = null;
}
