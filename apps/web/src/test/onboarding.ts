import type { BodyOf, getSettings, postSettings, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { HttpResponse, http } from 'msw';
import type { OnboardingRecord } from '../features/onboarding/onboarding-model.ts';
import { network } from './network.ts';

/**
 * The reader's saved settings as the server keeps them (GET/POST /core/users/me/settings): a POST merges its keys
 * into the saved ones, top-level key by key, and answers the whole. `saved` notes each POST's settings in order.
 */
export function answerSettings(initial: Record<string, unknown> = {}) {
  const server = { settings: structuredClone(initial), saved: [] as Record<string, unknown>[] };
  network.use(
    http.get(`*${paths.getSettings}`, () =>
      HttpResponse.json({ settings: server.settings } satisfies ResponseOf<typeof getSettings>),
    ),
    http.post(`*${paths.postSettings}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postSettings>;
      server.saved.push(body.settings);
      Object.assign(server.settings, body.settings);
      return HttpResponse.json({ settings: server.settings } satisfies ResponseOf<typeof postSettings>);
    }),
  );
  return server;
}

/** The onboarding records a settings server was sent, in order. */
export const onboardingSaves = (server: { saved: Record<string, unknown>[] }) =>
  server.saved.flatMap((settings) => (settings.onboarding ? [settings.onboarding as OnboardingRecord] : []));
