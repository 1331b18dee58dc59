import { isPlan, type Plan } from '@eh/domain';

/** Short names the commands accept for the earningshub plans. */
const SHORT = ['plus', 'pro', 'team'];

/** A plan named on the command line ('plus', 'pro' and 'team' are short for the earningshub ones), or null. */
export function planArg(name: string | undefined): Plan | null {
  const full = name && SHORT.includes(name) ? `earningshub_${name}` : name;
  return isPlan(full) ? full : null;
}
