import {
  deletePaymentMethod,
  ErrorCode,
  getCharges,
  getMySubscription,
  getPaymentMethods,
  getRefundEligibility,
  postMySubscription,
  postPaymentMethod,
  postPaymentsSetup,
  postReactivate,
  postRefund,
  postStripeWebhook,
  postSubscriptionCharge,
} from '@eh/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { announcesAccountChanges } from '../../../kernel/account-memory.ts';
import { callerOf, requireCaller } from '../../../kernel/http/auth.ts';
import { HttpError } from '../../../kernel/http/errors.ts';
import { mount } from '../../../kernel/http/route.ts';
import { loadStripe } from '../../../kernel/stripe.ts';
import { personAccount, subscription } from './person.ts';
import { BILLING_OFF_MESSAGE, type BillingProvider, billingProviderFor, TestBillingProvider } from './providers.ts';
import * as service from './service.ts';
import { parseStripeEvent } from './webhook-events.ts';

const WEBHOOK_PATH = `/api${postStripeWebhook.path}`;
const badSignature = (message: string) =>
  new HttpError(400, ErrorCode.validation, `stripe-signature: ${message}`, [{ field: 'stripe-signature', message }]);

/**
 * Billing, write side: cards, the subscription, charges (signed in) and the provider's webhook (public).
 * `storeRoutes` (the App Store's notifications) are registered inside, so billing off turns them off too.
 */
export const paymentsRoutesWith = (storeRoutes: FastifyPluginAsync) =>
  async function paymentsRoutes(app: FastifyInstance) {
    const { ctx } = app;
    // Billing off (a deployment that set no BILLING_PROVIDER): every payment call says plans are not for sale here.
    if (ctx.config.BILLING_PROVIDER === 'off') {
      app.addHook('onRequest', async () => {
        throw new HttpError(503, ErrorCode.unavailable, BILLING_OFF_MESSAGE);
      });
    }
    const provider: BillingProvider = billingProviderFor(ctx.config);
    announcesAccountChanges(app);
    if (provider instanceof TestBillingProvider) {
      // The test provider drives the very same webhook route (signature and all) without a network.
      provider.connect(async (payload, signature) => {
        const res = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
        if (res.statusCode !== 200) throw new Error(`Test billing webhook answered ${res.statusCode}: ${res.body}`);
      });
    }

    await app.register(async (hook) => {
      // The signature covers the exact bytes sent: this route alone reads JSON as a raw buffer.
      hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      mount(hook, postStripeWebhook, async (req) => {
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || !signature) throw badSignature('the header is missing');
        const raw = req.body as unknown;
        if (!Buffer.isBuffer(raw) && typeof raw !== 'string') throw badSignature('the body must be the event JSON');
        const { webhooks } = await loadStripe();
        let event: unknown;
        try {
          event = webhooks.constructEvent(raw, signature, provider.webhookSecret);
        } catch {
          throw badSignature('the signature does not match the body');
        }
        const parsed = parseStripeEvent(event);
        if (!parsed) return { received: true as const, duplicate: false };
        return service.applyEvent(ctx, provider, parsed);
      });
    });

    await app.register(storeRoutes);

    await app.register(async (portfolios) => {
      requireCaller(portfolios);
      const person = (req: Parameters<typeof callerOf>[0]) => personAccount(ctx, callerOf(req));
      mount(portfolios, postPaymentsSetup, async (req) => service.setup(ctx, provider, person(req)));
      mount(portfolios, getPaymentMethods, async (req) => service.methods(ctx, provider, person(req)));
      mount(portfolios, postPaymentMethod, async (req) =>
        service.addMethod(ctx, provider, person(req), req.body.stripePaymentMethodId),
      );
      mount(portfolios, deletePaymentMethod, async (req) =>
        service.removeMethod(ctx, provider, person(req), req.params.id),
      );
      mount(portfolios, getMySubscription, async (req) => subscription(ctx, provider, callerOf(req)));
      mount(portfolios, postMySubscription, async (req) => service.subscribe(ctx, provider, person(req), req.body));
      mount(portfolios, getRefundEligibility, async (req) =>
        service.refundEligibility(ctx, { userId: callerOf(req).sub }),
      );
      mount(portfolios, postRefund, async (req) => service.requestRefund(ctx, provider, person(req)));
      mount(portfolios, postReactivate, async (req) => service.reactivate(ctx, provider, person(req)));
      mount(portfolios, getCharges, async (req) => service.chargeHistory(ctx, { userId: callerOf(req).sub }));
      mount(portfolios, postSubscriptionCharge, async (req) =>
        service.payNow(ctx, provider, person(req), req.body.paymentMethodId),
      );
    });
  };
