/**
 * The order the e2e files start in, three at a time (vitest.config.ts): the longest first, so the workers end
 * close together, and the file that must run alone (shell-flags) last, when there is nothing left to wait for.
 * Other projects keep Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a run two at a time on the 2-core machine (busy; shell.test.ts estimated: it now loads
 * its routes in three tabs), for the order on a fresh clone (Vitest's own cache of durations goes with
 * node_modules). A file not listed keeps Vitest's order after these.
 */
const SECONDS: Record<string, number> = {
  'calendar.test.ts': 178,
  'quote.test.ts': 132,
  'auth-mfa.test.ts': 125,
  'shell.test.ts': 110,
  'list-modals.test.ts': 87,
  'first-hour.test.ts': 80,
  'calls.test.ts': 62,
  'lists.test.ts': 48,
  'search.test.ts': 45,
  'calendar-season.test.ts': 41,
  'home.test.ts': 34,
  'ehs.test.ts': 33,
  'auth.test.ts': 18,
  'news.test.ts': 16,
  'boot-shell.test.ts': 15,
  'sign-up-mailbox.test.ts': 15,
  'first-screen-styles.test.ts': 13,
  'calendar-custom.test.ts': 11,
  'quote-price.test.ts': 10,
  'not-found.test.ts': 8,
  'google-sign-in.test.ts': 7,
};
// Files that run alone (runFileAlone: they change what every page shows) start when nothing is left to wait for.
const LAST = new Set(['shell-flags.test.ts', 'admin.test.ts']);

const fileName = (spec: TestSpecification) => spec.moduleId.split('/').at(-1) ?? '';

export default class E2eSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slots = sorted.flatMap((spec, index) => (spec.project.name === 'e2e' ? [index] : []));
    const e2e = slots.map((index) => sorted[index] as TestSpecification);
    const rank = (spec: TestSpecification) => (LAST.has(fileName(spec)) ? 1 : 0);
    const ordered = e2e
      .map((spec, position) => ({ spec, position }))
      .sort(
        (a, b) =>
          rank(a.spec) - rank(b.spec) ||
          (SECONDS[fileName(b.spec)] ?? 0) - (SECONDS[fileName(a.spec)] ?? 0) ||
          a.position - b.position,
      )
      .map(({ spec }) => spec);
    slots.forEach((slot, i) => {
      sorted[slot] = ordered[i] as TestSpecification;
    });
    return sorted;
  }
}
