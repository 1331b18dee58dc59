/**
 * Account emails on the service tier: they land in the outbox once per change. A person's receipts, failed payment,
 * cancel, reactivation, plan change and refund (the test billing provider's events applied as the webhook applies
 * them, and redelivered events changing and telling nothing), a team's receipt to its billing email, the owner told of
 * a member who joined, the member told of their removal, an affiliate told of the decision. The words:
 * notifications/account/messages.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { outbox, planPrices, subscriptions, users } from '@eh/db';
import { formatCents, formatDate } from '@eh/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as affiliates from '../../src/modules/affiliates/service.ts';
import { billingProviderFor, TestBillingProvider } from '../../src/modules/billing/index.ts';
import { personAccount } from '../../src/modules/billing/payments/person.ts';
import * as payments from '../../src/modules/billing/payments/service.ts';
import { parseStripeEvent } from '../../src/modules/billing/payments/webhook-events.ts';
import * as teamBilling from '../../src/modules/teams/billing.ts';
import * as teams from '../../src/modules/teams/service.ts';
import { eachDatabase } from './context.ts';

const CARD = '4242424242424242';

/** A signed-up person as a route passes them to a service, with the address mail goes to. */
async function withAddress(caller: Promise<Caller>): Promise<Caller & { email: string }> {
  const { sub, email } = await caller;
  if (!email) throw new Error(`person ${sub} has no email address`);
  return { sub, email };
}

eachDatabase(
  (service) => {
    const ctx = () => service().ctx;
    let provider: TestBillingProvider;
    let eventCount = 0;

    /**
     * A Stripe-shaped event applied `times` times, as the webhook route applies a verified one (Stripe redelivers
     * when our answer is slow): the first is applied, every repeat is recognised as a duplicate.
     */
    async function deliver(type: string, object: Record<string, unknown>, times: number) {
      const parsed = parseStripeEvent({
        id: `evt_account_mail_${service().kind}_${++eventCount}`,
        object: 'event',
        type,
        // Now, to the second: a later call's own events are never older than these (an older one would not apply).
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      if (!parsed) throw new Error(`${type} is not a billing event`);
      const answers = [];
      for (let i = 0; i < times; i += 1) answers.push(await payments.applyEvent(ctx(), provider, parsed));
      expect(answers).toEqual(answers.map((_, i) => ({ received: true, duplicate: i > 0 })));
    }

    const mailTo = (email: string) =>
      ctx().db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id));

    async function subscriptionOf(filter: ReturnType<typeof eq>) {
      const [row] = await ctx().db.select().from(subscriptions).where(filter).orderBy(asc(subscriptions.id));
      if (!row) throw new Error('no subscription');
      return row;
    }

    async function priceOf(plan: string, interval: 'monthly' | 'yearly') {
      const [row] = await ctx()
        .db.select({ amount: planPrices.amount })
        .from(planPrices)
        .where(and(eq(planPrices.plan, plan), eq(planPrices.interval, interval), eq(planPrices.active, true)));
      if (!row) throw new Error(`no price for ${plan} ${interval}`);
      return row.amount;
    }

    const day = (date: Date | null) => formatDate(date?.toISOString().slice(0, 10));

    beforeAll(() => {
      const made = billingProviderFor(ctx().config);
      if (!(made instanceof TestBillingProvider)) throw new Error('BILLING_PROVIDER=test gives the test provider');
      provider = made;
      // What the webhook route does with a verified event (its signature is HTTP's: billing-stripe.test.ts).
      provider.connect(async (payload) => {
        const parsed = parseStripeEvent(JSON.parse(payload));
        if (parsed) await payments.applyEvent(ctx(), provider, parsed);
      });
    });

    describe('a person’s subscription', () => {
      it('each change of money or plan is one email, never repeated by a redelivered event or the call that caused it', async () => {
        const who = await withAddress(service().user());
        const account = personAccount(ctx(), who);
        const plus = await priceOf('earningshub_plus', 'monthly');

        await payments.subscribe(ctx(), provider, account, {
          plan: 'earningshub_plus',
          priceType: 'monthly',
          stripePaymentMethodId: CARD,
        });
        const sub = await subscriptionOf(eq(subscriptions.userId, who.sub));
        const [receipt, ...more] = await mailTo(who.email);
        expect(more).toEqual([]);
        expect(receipt?.subject).toBe(`Your EarningsHub receipt: ${formatCents(plus)} for Plus (monthly)`);
        expect(receipt?.body).toContain(`Next charge: ${day(sub.currentPeriodEnd)}`);
        expect(receipt?.body).toContain(
          `Manage your subscription: ${ctx().config.PUBLIC_URL.replace(/\/$/, '')}/profile`,
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
        // Paying the open payment, cancelling (the provider's event and the call both see the flag move), reactivating.
        await payments.payNow(ctx(), provider, account);
        await payments.setCancel(ctx(), provider, account, true);
        await deliver(
          'customer.subscription.updated',
          { id: sub.providerSubscriptionId, cancel_at_period_end: true },
          2,
        );
        await payments.reactivate(ctx(), provider, account);
        const until = day((await subscriptionOf(eq(subscriptions.id, sub.id))).currentPeriodEnd);

        // A change of plan, then a refund of the new plan's payment (the provider's charge.refunded follows it).
        await payments.subscribe(ctx(), provider, account, { plan: 'earningshub_pro', priceType: 'yearly' });
        const { charges } = await payments.chargeHistory(ctx(), { userId: who.sub });
        const proCharge = formatCents(charges[0]?.amount ?? Number.NaN);
        await payments.requestRefund(ctx(), provider, account);

        const mails = await mailTo(who.email);
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
        expect(mails[8]?.body).toContain(
          'Your subscription ended with the refund: your account is on the Free plan now.',
        );
      });
    });

    describe('teams and affiliates', () => {
      /** The identity provider's context, as the team routes get it (an invite looks the address up there). */
      const idp = () => service().idp();

      it('the team’s receipt goes to its billing email; the owner hears who joined, the member of the removal', async () => {
        const owner = await withAddress(service().user());
        const member = await withAddress(service().user());
        const billing = `books-${randomUUID()}@teams.example.com`;
        const created = await teams.create(ctx(), owner, {
          name: 'Ledger Desk',
          billingEmail: billing,
          subscriptionPlanId: 'earningshub_team',
        });
        const orgId = created.organization?.id ?? '';
        await teamBilling.subscribe(ctx(), provider, owner, orgId, {
          plan: 'earningshub_team',
          priceType: 'yearly',
          licenseCount: 2,
          stripePaymentMethodId: CARD,
        });
        const teamYearly = await priceOf('earningshub_team', 'yearly');
        const [receipt, ...more] = await mailTo(billing);
        expect(more).toEqual([]);
        expect(receipt?.subject).toBe(`Your EarningsHub receipt: ${formatCents(2 * teamYearly)} for Team (yearly)`);
        expect(receipt?.body).toContain('for the team Ledger Desk’s Team plan');
        expect(receipt?.body).toContain('/team\n');

        await teams.invite(ctx(), idp, owner, orgId, {
          inviteEmails: [member.email],
          removeEmails: [],
          role: 'member',
        });
        await teams.respond(ctx(), member, { response: 'accept' });
        await expect(teams.respond(ctx(), member, { response: 'accept' })).rejects.toMatchObject({
          statusCode: 404,
          message: 'You have no pending invite.',
        });
        const joined = await mailTo(owner.email);
        expect(joined.map((m) => m.subject)).toEqual([`${member.email} joined your team Ledger Desk`]);
        expect(joined[0]?.body).toContain('The team uses 2 of its 2 licences');

        await teams.removeUser(ctx(), owner, orgId, member.sub);
        await expect(teams.removeUser(ctx(), owner, orgId, member.sub)).rejects.toMatchObject({
          statusCode: 404,
          message: `User ${member.sub} is not in this team.`,
        });
        // The invitation itself is a plain-text email; the account emails have their HTML part.
        const removed = (await mailTo(member.email)).filter((m) => m.html !== null);
        expect(removed.map((m) => m.subject)).toEqual(['You were removed from the team Ledger Desk']);
      });

      it('an affiliate hears the decision once', async () => {
        const boss = await withAddress(service().user());
        // A super admin, as the admin command makes one.
        await ctx().db.update(users).set({ superAdmin: true }).where(eq(users.id, boss.sub));
        const affiliate = await withAddress(service().user());
        const asked = await affiliates.requestToJoin(ctx(), affiliate);
        await affiliates.decide(ctx(), boss, affiliate.sub, 'approved');
        await expect(affiliates.decide(ctx(), boss, affiliate.sub, 'approved')).rejects.toMatchObject({
          statusCode: 409,
          message: 'This affiliate is approved: the request cannot be approved.',
        });
        const mails = await mailTo(affiliate.email);
        expect(mails.map((m) => m.subject)).toEqual(['Your EarningsHub affiliate request is approved']);
        expect(mails[0]?.body).toContain(`Your code: ${asked.affiliate?.code}`);
        expect(mails[0]?.body).toContain(`Commission: ${ctx().config.AFFILIATE_COMMISSION_PERCENT}%`);
        expect(mails[0]?.body).toContain('/affiliate-program');
      });
    });
  },
  { env: { BILLING_PROVIDER: 'test' } },
);
