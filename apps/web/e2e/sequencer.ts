/**
 * The order the e2e files start in, two at a time (vitest.config.ts): the longest first, so the two workers end
 * close together, and the file that must run alone (shell-flags) last, when there is nothing left to wait for.
 * Other projects keep Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each file took alone on the 2-core CI machine; a file not listed keeps Vitest's order after these. */
const SECONDS: Record<string, number> = {
  'shell.test.ts': 205,
  'calendar.test.ts': 137,
  'quote.test.ts': 97,
  'auth-mfa.test.ts': 86,
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
