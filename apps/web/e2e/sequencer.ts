/**
 * The order the integration and e2e files start in: the longest first, so the workers end close together (a long
 * file started last decides when its project ends), and the e2e files that must run alone (shell-flags, admin) last, when
 * there is nothing left to wait for. The unit project keeps Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file's tests took in one run on the 2-core machine (service and integration on PGlite, 2026-11-29, after
 * the service tier took the rules; e2e from a clean-clone CI run of 2026-11-30, three files at a time; only the
 * ratios matter), for the order on a fresh clone, where Vitest has no cache of durations (it goes
 * with node_modules). A file not listed starts after these, in Vitest's order.
 */
const SECONDS: Record<string, Record<string, number>> = {
  service: {
    'jobs.test.ts': 6,
    'notification-delivery.test.ts': 5,
    'live-calls.test.ts': 5,
    'idp.test.ts': 4,
    'teams.test.ts': 3,
  },
  integration: {
    'ingest-cli.test.ts': 36,
    'lifecycle.test.ts': 27,
    'sync.test.ts': 18,
    'static-files.test.ts': 9,
    'embedded.test.ts': 9,
    'fuzz.test.ts': 8,
    'billing-apple.test.ts': 8,
    'platform.test.ts': 7,
    'admin.test.ts': 7,
    'teams.test.ts': 6,
    'postgres.test.ts': 6,
    'pages.test.ts': 6,
    'market-history.test.ts': 6,
    'alerts.test.ts': 6,
    'idp-sms-mfa.test.ts': 5,
    'mail.test.ts': 4,
    'idp-mfa-setup.test.ts': 4,
    'billing-stripe.test.ts': 4,
    'sync-nodes.test.ts': 3,
    'idp.test.ts': 3,
    'idp-federation.test.ts': 3,
    'coherence.test.ts': 3,
    'billing-subscriptions.test.ts': 3,
  },
  e2e: {
    'live-quotes.test.ts': 123,
    'shell.test.ts': 110,
    'calendar-season.test.ts': 87,
    'first-hour.test.ts': 75,
    'live-call.test.ts': 64,
    'calendar.test.ts': 62,
    'report-reaction.test.ts': 45,
    'calls.test.ts': 59,
    'auth-mfa.test.ts': 58,
    'affiliates.test.ts': 57,
    'teams.test.ts': 55,
    'boot-shell.test.ts': 55,
    'onboarding.test.ts': 54,
    'first-screen-styles.test.ts': 44,
    'billing-subscribe.test.ts': 42,
    'quote.test.ts': 41,
    'demo-tour.test.ts': 40,
    'google-sign-in.test.ts': 37,
    'ehs.test.ts': 34,
    'native.test.ts': 33,
    'transcript-summary.test.ts': 32,
    'preferences.test.ts': 31,
    'billing-manage.test.ts': 29,
    'alerts-delivery.test.ts': 25,
    // Run alone on 2026-11-30 (23-38 s on a busy machine): most of it waits for a live call to say a word.
    'call-search.test.ts': 30,
    'pwa.test.ts': 22,
    'sign-up-mailbox.test.ts': 22,
    'not-found.test.ts': 20,
    'quote-price.test.ts': 20,
    'native-purchase.test.ts': 18,
    'my-stocks-holdings.test.ts': 17,
    'lists.test.ts': 17,
    'calendar-feed.test.ts': 13,
    'web-push.test.ts': 13,
    'live-calendar.test.ts': 9,
    'other-pages.test.ts': 7,
    'budget.test.ts': 0,
  },
};
/** The e2e files that run alone, last. */
const LAST: Record<string, Set<string>> = { e2e: new Set(['shell-flags.test.ts', 'admin.test.ts']) };

const fileName = (spec: TestSpecification) => spec.moduleId.split('/').at(-1) ?? '';

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    for (const [project, seconds] of Object.entries(SECONDS)) {
      const slots = sorted.flatMap((spec, index) => (spec.project.name === project ? [index] : []));
      const rank = (spec: TestSpecification) => (LAST[project]?.has(fileName(spec)) ? 1 : 0);
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
