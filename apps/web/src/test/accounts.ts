import type { Me } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { accountFeaturesFor, type Plan } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { network } from './network.ts';

/** A signed-in reader's account on `plan`, paying for it unless free (GET /core/users/me's shape). */
export function accountOn(plan: Plan): Me {
  const subscription = {
    plan,
    subscriptionType: plan === 'free' ? ('free' as const) : ('paid' as const),
    status: 'active' as const,
  };
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'reader@example.com',
    name: null,
    avatarUrl: null,
    displayPlan: plan,
    accountSubscription: { ...subscription, price: 0, priceType: 'yearly', nextChargeDate: null },
    accountFeatures: accountFeaturesFor(subscription),
    team: null,
    superAdmin: false,
    externalProviderData: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Answers GET /core/users/me with the reader's account on `plan`. */
export function answerMe(plan: Plan): void {
  const me = accountOn(plan);
  network.use(http.get(`*${paths.getMe}`, () => HttpResponse.json(me)));
}

/** The store of a signed-in reader (the session is the test's; the account is what answerMe says). */
export const SIGNED_IN = { auth: { status: 'signedIn', email: 'reader@example.com', viaLink: false } } as const;
