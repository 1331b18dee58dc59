/**
 * What the app's frame asks of the API on every page, for the shell's component tests: the chrome of every page
 * (flags, release notes, app info), the app links the phone-width bar asks for (no app listed, so no offer shows),
 * optionally the developer flag; and a reader signed in by a link, as `?token=` does (SPEC §2).
 */
import type { getFlags, getMySubscription, getSettings, Me, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { TOKEN_PARAM } from '../shared/auth-config.ts';
import { subscriptionFixture } from '../shared/subscription.fixture.ts';
import { network } from './network.ts';
import { answerAppChrome } from './quote.ts';

export function answerShell({ devFlag = false }: { devFlag?: boolean } = {}): void {
  answerAppChrome();
  if (devFlag) {
    network.use(
      http.get(`*${paths.getFlags}`, () =>
        HttpResponse.json({
          app: 'earningshub',
          platform: 'web',
          flags: { dev: { enabled: true, message: null, updatedAt: '2026-02-06T12:00:00.000Z' } },
        } satisfies ResponseOf<typeof getFlags>),
      ),
    );
  }
}

/** An identity token for `email` in the JWT's shape, valid for an hour (the app reads its claims, not its signature). */
function identityToken(email: string): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ email, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

/**
 * Signs `me` in for the next render by a link's `?token=` in the browser's address, and answers what a signed-in
 * frame asks: the account (GET /core/users/me), its subscription (the canceled-subscription banner reads it) and its saved
 * settings (none).
 */
export function signInByLink(me: Me): void {
  window.history.replaceState(null, '', `/?${TOKEN_PARAM}=${identityToken(me.email ?? '')}`);
  const subscription = me.displayPlan === FREE_PLAN ? null : subscriptionFixture({ plan: me.accountSubscription.plan });
  network.use(
    http.get(`*${paths.getMe}`, () => HttpResponse.json(me)),
    http.get(`*${paths.getMySubscription}`, () =>
      HttpResponse.json({
        provider: 'test',
        testMode: true,
        label: null,
        publishableKey: null,
        subscription,
      } satisfies ResponseOf<typeof getMySubscription>),
    ),
    http.get(`*${paths.getSettings}`, () =>
      HttpResponse.json({ settings: {} } satisfies ResponseOf<typeof getSettings>),
    ),
  );
}
