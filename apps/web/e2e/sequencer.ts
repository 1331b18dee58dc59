/**
 * The order the integration and e2e files start in: the longest first, so the workers end close together (a long
 * file started last decides when its project ends), and the e2e files that must run alone (shell-flags, admin) last, when
 * there is nothing left to wait for. The unit project keeps Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in one `npm test` run on the 2-core machine beside other agents' work (2026-11-26; only the
 * ratios matter), for the order on a fresh clone, where Vitest has no cache of durations (it goes with
 * node_modules). A file not listed starts after these, in Vitest's order.
 */
const SECONDS: Record<string, Record<string, number>> = {
  integration: {
    'ingest-cli.test.ts': 174,
    'lifecycle.test.ts': 85,
    'notification-delivery.test.ts': 64,
    'embedded.test.ts': 50,
    'market-history.test.ts': 15,
    'pages.test.ts': 15,
    'idp.test.ts': 14,
    'alerts.test.ts': 13,
    'static-files.test.ts': 12,
    'platform.test.ts': 12,
    'sync.test.ts': 12,
    'idp-sms-mfa.test.ts': 12,
    'idp-devices.test.ts': 11,
    'teams.test.ts': 10,
  },
  e2e: {
    'calendar.test.ts': 462,
    'shell.test.ts': 300,
    'quote.test.ts': 354,
    'auth-mfa.test.ts': 314,
    'first-hour.test.ts': 265,
    'list-modals.test.ts': 225,
    'calls.test.ts': 194,
    'calendar-season.test.ts': 181,
    'lists.test.ts': 154,
    'search.test.ts': 132,
    'billing-subscribe.test.ts': 131,
    'affiliates.test.ts': 112,
    'home.test.ts': 110,
    'ehs.test.ts': 100,
    'auth.test.ts': 99,
    'live-call.test.ts': 89,
    'billing-manage.test.ts': 84,
    'live-quotes.test.ts': 81,
    'teams.test.ts': 80,
    'onboarding.test.ts': 79,
    'alerts-delivery.test.ts': 71,
    'boot-shell.test.ts': 62,
    'pricing.test.ts': 53,
    'sign-up-mailbox.test.ts': 53,
    'first-screen-styles.test.ts': 44,
    'calendar-custom.test.ts': 34,
    'news.test.ts': 32,
    'google-sign-in.test.ts': 28,
    'quote-price.test.ts': 28,
    'transcript-summary.test.ts': 22,
    'not-found.test.ts': 22,
    'pwa.test.ts': 18,
    'calendar-feed.test.ts': 16,
  },
};
const LAST = new Set(['shell-flags.test.ts', 'admin.test.ts']);

const fileName = (spec: TestSpecification) => spec.moduleId.split('/').at(-1) ?? '';

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    for (const [project, seconds] of Object.entries(SECONDS)) {
      const slots = sorted.flatMap((spec, index) => (spec.project.name === project ? [index] : []));
      const rank = (spec: TestSpecification) => (LAST.has(fileName(spec)) ? 1 : 0);
      const ordered = slots
        .map((slot, position) => ({ spec: sorted[slot] as TestSpecification, position }))
        .sort(
          (a, b) =>
            rank(a.spec) - rank(b.spec) ||
            (seconds[fileName(b.spec)] ?? 0) - (seconds[fileName(a.spec)] ?? 0) ||
            a.position - b.position,
        )
        .map(({ spec }) => spec);
      slots.forEach((slot, i) => {
        sorted[slot] = ordered[i] as TestSpecification;
      });
    }
    return sorted;
  }
}
