import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { outbox, planPrices, subscriptions } from '@eh/db';
import { formatCents, formatDate } from '@eh/domain';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { TEST_DATABASE_URL } from '../env.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * Account emails land in the outbox (the local mailbox here) once per change: the receipts, failed payment, cancel,
 * reactivation, plan change and refund of a person (BILLING_PROVIDER=test drives the webhook route as Stripe would,
 * and redelivered events are sent again), a team's receipt to its billing email, the owner told of a member who
 * joined, the member told of their removal, an affiliate told of the decision. The words: messages.test.ts.
 */

const SECRET = 'whsec_accountmailtest';
const CARD = '4242424242424242';
type Who = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;

async function call(method: string, path: string, who?: Who, payload?: unknown, headers: Record<string, string> = {}) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers, ...headers } });
  return { status: res.status, json: await body(res) };
}

async function person(email: string): Promise<Who> {
  const who = await signedInUser(server, email);
  expect((await call('GET', '/core/users/me', who)).status).toBe(200);
  return who;
}

/** The outbox's newest id: what a scenario sends comes after it (the sign-up codes before). */
async function mark(): Promise<number> {
  const [row] = await server.ctx.db.select({ id: max(outbox.id) }).from(outbox);
  return row?.id ?? 0;
}

async function mailTo(email: string, after: number) {
  return server.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), gt(outbox.id, after)))
    .orderBy(asc(outbox.id));
}

let eventCount = 0;
/** A Stripe-shaped event, signed as Stripe signs it, delivered `times` times (Stripe redelivers). */
async function deliver(type: string, object: Record<string, unknown>, times: number) {
  const payload = JSON.stringify({
    id: `evt_account_mail_${++eventCount}`,
    object: 'event',
    type,
    // Now, to the second: a later call's own events are never older than these (an older one would not apply).
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  for (let i = 0; i < times; i += 1) {
    const res = await server.api('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(res.status).toBe(200);
  }
}

async function subscriptionOf(filter: ReturnType<typeof eq>) {
  const [row] = await server.ctx.db.select().from(subscriptions).where(filter).orderBy(asc(subscriptions.id));
  if (!row) throw new Error('no subscription');
  return row;
}

async function priceOf(plan: string, interval: 'monthly' | 'yearly') {
  const [row] = await server.ctx.db
    .select({ amount: planPrices.amount })
    .from(planPrices)
    .where(and(eq(planPrices.plan, plan), eq(planPrices.interval, interval), eq(planPrices.active, true)));
  if (!row) throw new Error(`no price for ${plan} ${interval}`);
  return row.amount;
}

const day = (date: Date | null) => formatDate(date?.toISOString().slice(0, 10));

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => server?.close());

describe('a person’s subscription', () => {
  it('each change of money or plan is one email, never repeated by a redelivered event or the call that caused it', async () => {
    const email = 'money.mail@example.com';
    const who = await person(email);
    const after = await mark();
    const plus = await priceOf('earningshub_plus', 'monthly');

    const subscribed = await call('POST', '/core/users/me/subscription', who, {
      plan: 'earningshub_plus',
      priceType: 'monthly',
      stripePaymentMethodId: CARD,
    });
    expect(subscribed.status).toBe(200);
    const sub = await subscriptionOf(eq(subscriptions.userId, who.sub));
    const [receipt] = await mailTo(email, after);
    expect(receipt?.subject).toBe(`Your EarningsHub receipt: ${formatCents(plus)} for Plus (monthly)`);
    expect(receipt?.body).toContain(`Next charge: ${day(sub.currentPeriodEnd)}`);
    expect(receipt?.body).toContain(
      `Manage your subscription: ${server.ctx.config.PUBLIC_URL.replace(/\/$/, '')}/profile`,
    );
    expect(receipt?.html).toContain(`<td style="padding:4px 0;font-weight:bold">${formatCents(plus)}</td>`);

    // Stripe delivers an event again when our answer is slow: a renewal's invoice.paid three times, a failure twice.
    const target = { subscription: sub.providerSubscriptionId, currency: 'usd' };
    await deliver(
      'invoice.paid',
      { ...target, id: 'in_mail_renewal', charge: 'ch_mail_renewal', amount_paid: plus },
      3,
    );
    await deliver('invoice.payment_failed', { ...target, id: 'in_mail_failed', amount_due: plus }, 2);
    // Paying the open payment, cancelling (the webhook and the call both see the flag move), reactivating.
    expect((await call('POST', '/core/subscriptions/charge', who, {})).status).toBe(200);
    expect((await call('POST', '/core/users/me/subscription', who, { cancelAtPeriodEnd: true })).status).toBe(200);
    await deliver('customer.subscription.updated', { id: sub.providerSubscriptionId, cancel_at_period_end: true }, 2);
    expect((await call('POST', '/core/users/me/subscription/reactivate', who)).status).toBe(200);
    const until = day((await subscriptionOf(eq(subscriptions.id, sub.id))).currentPeriodEnd);

    // A change of plan, then a refund of the new plan's payment (the provider's charge.refunded follows it).
    expect((await call('POST', '/core/users/me/subscription', who, { plan: 'earningshub_pro' })).status).toBe(200);
    const charges = (await call('GET', '/core/portfolios/charges', who)).json.charges;
    const proCharge = formatCents(charges[0].amount);
    expect((await call('POST', '/core/users/me/subscription/refund', who)).status).toBe(200);

    const mails = await mailTo(email, after);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your EarningsHub receipt: ${formatCents(plus)} for Plus (monthly)`,
      `Your EarningsHub receipt: ${formatCents(plus)} for Plus (monthly)`,
      `Payment failed: ${formatCents(plus)} for your Plus plan`,
      `Your EarningsHub receipt: ${formatCents(plus)} for Plus (monthly)`,
      `Plus subscription canceled: access until ${until}`,
      'Plus subscription reactivated',
      'Your plan changed: Plus → Pro',
      `Your EarningsHub receipt: ${proCharge} for Pro (yearly)`,
      `Refund of ${proCharge} for your Pro plan`,
    ]);
    // Every one has its HTML part, and the plan change says what was charged: the amount of the receipt after it.
    expect(mails.every((m) => m.html?.startsWith('<!doctype html>'))).toBe(true);
    expect(mails[6]?.body).toContain(`Charged now: ${proCharge}`);
    expect(mails[8]?.body).toContain('Your subscription ended with the refund: your account is on the Free plan now.');
    if (!TEST_DATABASE_URL) {
      // The local mailbox (/dev/mail) shows them to this machine.
      const box = await call('GET', `/core/dev/outbox?to=${encodeURIComponent(email)}&limit=50`);
      expect(box.json.messages.map((m: { subject: string }) => m.subject)).toContain('Plus subscription reactivated');
    }
  });
});

describe('teams and affiliates', () => {
  it('the team’s receipt goes to its billing email; the owner hears who joined, the member of the removal', async () => {
    const owner = await person('owner.mail@teams.example.com');
    const member = await person('member.mail@teams.example.com');
    const billing = 'books.mail@teams.example.com';
    const after = await mark();
    const created = await call('POST', '/core/organizations', owner, { name: 'Ledger Desk', billingEmail: billing });
    expect(created.status).toBe(201);
    const orgId: string = created.json.organization.id;
    const sub = await call('POST', `/core/organizations/${orgId}/subscription`, owner, {
      licenseCount: 2,
      stripePaymentMethodId: CARD,
    });
    expect(sub.status).toBe(200);
    const teamYearly = await priceOf('earningshub_team', 'yearly');
    const [receipt, ...more] = await mailTo(billing, after);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`Your EarningsHub receipt: ${formatCents(2 * teamYearly)} for Team (yearly)`);
    expect(receipt?.body).toContain('for the team Ledger Desk’s Team plan');
    expect(receipt?.body).toContain('/team\n');

    const invited = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: ['member.mail@teams.example.com'],
    });
    expect(invited.status).toBe(200);
    const accept = { response: 'accept' };
    expect((await call('POST', '/core/users/me/organization/invite/response', member, accept)).status).toBe(200);
    expect((await call('POST', '/core/users/me/organization/invite/response', member, accept)).status).toBe(404);
    const joined = await mailTo('owner.mail@teams.example.com', after);
    expect(joined.map((m) => m.subject)).toEqual(['member.mail@teams.example.com joined your team Ledger Desk']);
    expect(joined[0]?.body).toContain('The team uses 2 of its 2 licences');

    expect((await call('DELETE', `/core/organizations/${orgId}/users/${member.sub}`, owner)).status).toBe(200);
    expect((await call('DELETE', `/core/organizations/${orgId}/users/${member.sub}`, owner)).status).toBe(404);
    const removed = (await mailTo('member.mail@teams.example.com', after)).filter((m) => m.html !== null);
    expect(removed.map((m) => m.subject)).toEqual(['You were removed from the team Ledger Desk']);
  });

  it('an affiliate hears the decision once', async () => {
    const boss = await person('boss.mail@example.com');
    const token = server.ctx.adminToken ?? '';
    const made = await call(
      'PUT',
      '/admin/users/super-admin',
      undefined,
      { email: 'boss.mail@example.com', superAdmin: true },
      {
        [ADMIN_TOKEN_HEADER]: token,
      },
    );
    expect(made.status).toBe(200);
    const affiliate = await person('partner.mail@example.com');
    const after = await mark();
    const asked = await call('POST', '/core/users/me/affiliate/request', affiliate, {
      affiliateTermsOfServiceAccepted: true,
    });
    expect(asked.status).toBe(200);
    expect((await call('POST', `/core/affiliates/${affiliate.sub}`, boss, { status: 'approved' })).status).toBe(200);
    expect((await call('POST', `/core/affiliates/${affiliate.sub}`, boss, { status: 'approved' })).status).toBe(409);
    const mails = await mailTo('partner.mail@example.com', after);
    expect(mails.map((m) => m.subject)).toEqual(['Your EarningsHub affiliate request is approved']);
    expect(mails[0]?.body).toContain(`Your code: ${asked.json.affiliate.code}`);
    expect(mails[0]?.body).toContain(`Commission: ${server.ctx.config.AFFILIATE_COMMISSION_PERCENT}%`);
    expect(mails[0]?.body).toContain('/affiliate-program');
  });
});
