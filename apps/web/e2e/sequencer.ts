/**
 * The order the e2e files start in, two at a time (vitest.config.ts): the longest first, so the two workers end
 * close together, and the file that must run alone (shell-flags) last, when there is nothing left to wait for.
 * Other projects keep Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a parallel run on the 2-core CI machine (busy), for the order on a fresh clone (Vitest's
 * own cache of durations goes with node_modules). A file not listed keeps Vitest's order after these.
 */
const SECONDS: Record<string, number> = {
  'shell.test.ts': 230,
  'calendar.test.ts': 160,
  'quote.test.ts': 155,
  'auth-mfa.test.ts': 120,
  'list-modals.test.ts': 73,
  'calls.test.ts': 65,
  'search.test.ts': 61,
  'calendar-season.test.ts': 59,
  'lists.test.ts': 50,
  'ehs.test.ts': 48,
  'home.test.ts': 37,
  'news.test.ts': 21,
  'auth.test.ts': 19,
  'calendar-custom.test.ts': 14,
  'google-sign-in.test.ts': 8,
};
const LAST = new Set(['shell-flags.test.ts']);

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
