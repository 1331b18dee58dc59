import { randomBytes } from 'node:crypto';
import { type BillingInterval, PERIOD_DAYS, TEST_BILLING_LABEL, testCardOf } from '@eh/domain';
import type Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import { loadStripe, stripeOptions } from '../../../kernel/stripe.ts';
import type { PriceToSell } from '../plans/price-config.ts';

/** A card the provider refused, with the words it gave (shown as they are). */
export class CardDeclined extends Error {}

/** The provider has no such object (an id that is not ours, or gone). */
export class UnknownAtProvider extends Error {}

export interface CardDetails {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CreatedSubscription {
  id: string;
  currentPeriodEnd: Date | null;
}

export interface SubscribeInput {
  customerId: string;
  paymentMethodId: string | null;
  stripePriceId: string | null;
  stripeCouponId: string | null;
  /** Cents due for the first period (after the coupon). */
  amount: number;
  currency: string;
  interval: BillingInterval;
  description: string;
  /** Licences of a per-licence plan (team): the price row's unit times this. Absent: one. */
  quantity?: number;
}

/** A Stripe price's lookup key: a new amount is a new key, so a changed price never reuses an old Stripe price. */
const stripeLookupKey = (price: PriceToSell) =>
  `${price.app}:${price.plan}:${price.interval}:${price.amount}${price.currency}`;

/** What every billing provider does; the subscription code above it is the same for all. */
export interface BillingProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  readonly label: string | null;
  /** The secret webhook signatures are made with. */
  readonly webhookSecret: string;
  createCustomer(user: { id: string; email: string | null }): Promise<string>;
  setupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** Attaches a card to the customer; a declined card throws {@link CardDeclined}. */
  attachPaymentMethod(customerId: string, input: string): Promise<CardDetails>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Creates a subscription and takes its first payment; a declined card throws {@link CardDeclined}. */
  createSubscription(input: SubscribeInput): Promise<CreatedSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  cancelNow(subscriptionId: string): Promise<void>;
  /** Pays a delinquent subscription's open invoice with the card given. */
  payOpenInvoice(subscriptionId: string, paymentMethodId: string, amount: number, currency: string): Promise<void>;
  /** Refunds one of our charges in full, by the provider's id for it. */
  refund(providerChargeId: string, amount: number, currency: string): Promise<void>;
  /** Changes the licences of a per-licence subscription (team); the provider prorates the change. */
  updateQuantity(subscriptionId: string, quantity: number): Promise<void>;
}

/** Sends a signed event to the webhook route (the test provider's way of driving the same code as Stripe). */
export type WebhookDeliver = (payload: string, signature: string) => Promise<void>;

/**
 * The test provider keeps nothing in memory: a test payment method id carries its (public, documented) test card
 * number and a test subscription id its interval, so a restart loses nothing.
 */
function cardOfTestMethod(paymentMethodId: string): string | null {
  return /^pm_test_(\d{16})_[0-9a-f]+$/.exec(paymentMethodId)?.[1] ?? null;
}

function testSubscription(subscriptionId: string): { customer: null; interval: BillingInterval } {
  const interval = /^sub_test_(monthly|yearly)_[0-9a-f]+$/.exec(subscriptionId)?.[1];
  if (interval !== 'monthly' && interval !== 'yearly') throw new UnknownAtProvider(subscriptionId);
  return { customer: null, interval };
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The offline provider: Stripe's documented test card numbers, nothing charged, no network. Each change is sent to
 * the webhook route as a Stripe-shaped event signed with the SDK's test-header helper, so the state machine runs
 * exactly as it does for Stripe.
 */
export class TestBillingProvider implements BillingProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly label = TEST_BILLING_LABEL;
  readonly webhookSecret: string;
  private deliver: WebhookDeliver | null = null;

  private readonly now: () => Date;

  constructor(webhookSecret: string | undefined, now: () => Date = () => new Date()) {
    this.now = now;
    this.webhookSecret = webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  }

  connect(deliver: WebhookDeliver) {
    this.deliver = deliver;
  }

  /** Signs and delivers one event (Stripe's event envelope). */
  async send(type: string, object: Record<string, unknown>, created = this.now()) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: seconds(created),
      livemode: false,
      data: { object },
    });
    const signature = (await loadStripe()).webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    if (!this.deliver) throw new Error('The test billing provider is not connected to the webhook route');
    await this.deliver(payload, signature);
  }

  async createCustomer() {
    return id('cus');
  }

  async setupIntent() {
    const setupIntentId = id('seti');
    return { id: setupIntentId, clientSecret: `${setupIntentId}_secret_test_billing_no_card_is_charged` };
  }

  async attachPaymentMethod(_customerId: string, input: string): Promise<CardDetails> {
    const known = cardOfTestMethod(input);
    const card = testCardOf(known ?? input);
    if (!card) throw new CardDeclined("Test billing takes Stripe's test card numbers, such as 4242 4242 4242 4242.");
    if (card.decline) throw new CardDeclined(card.decline);
    const pm = known ? input : `pm_test_${card.number}_${randomBytes(6).toString('hex')}`;
    const year = this.now().getUTCFullYear() + 3;
    return { id: pm, brand: card.brand, last4: card.number.slice(-4), expMonth: 12, expYear: year };
  }

  async detachPaymentMethod() {}

  private decline(paymentMethodId: string | null) {
    const card = paymentMethodId ? testCardOf(cardOfTestMethod(paymentMethodId) ?? '') : null;
    if (paymentMethodId && !card) throw new CardDeclined('Your card was declined.');
    if (card?.decline) throw new CardDeclined(card.decline);
  }

  private periodEnd(interval: BillingInterval, from = this.now()) {
    return new Date(from.getTime() + PERIOD_DAYS[interval] * 86_400_000);
  }

  async createSubscription(input: SubscribeInput): Promise<CreatedSubscription> {
    this.decline(input.paymentMethodId);
    const subscriptionId = `sub_test_${input.interval}_${randomBytes(12).toString('hex')}`;
    return { id: subscriptionId, currentPeriodEnd: this.periodEnd(input.interval) };
  }

  /** The events Stripe sends once a subscription's first invoice is paid (after the subscribe call answered). */
  async confirmSubscription(subscriptionId: string, amount: number, currency: string, description: string) {
    const sub = testSubscription(subscriptionId);
    await this.invoicePaid(subscriptionId, amount, currency, description);
    await this.send('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      customer: sub.customer,
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: seconds(this.periodEnd(sub.interval)),
    });
  }

  async invoicePaid(subscriptionId: string, amount: number, currency: string, description: string) {
    const sub = testSubscription(subscriptionId);
    const charge = id('ch');
    await this.send('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      subscription: subscriptionId,
      charge,
      amount_paid: amount,
      currency,
      description,
      hosted_invoice_url: null,
      lines: { object: 'list', data: [{ period: { end: seconds(this.periodEnd(sub.interval)) } }] },
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const sub = testSubscription(subscriptionId);
    await this.send('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      customer: sub.customer,
      // No status: cancelling changes only the flag (a delinquent subscription stays delinquent).
      cancel_at_period_end: cancel,
    });
  }

  async cancelNow(subscriptionId: string) {
    const sub = testSubscription(subscriptionId);
    await this.send('customer.subscription.deleted', {
      id: subscriptionId,
      object: 'subscription',
      customer: sub.customer,
      status: 'canceled',
    });
  }

  async payOpenInvoice(subscriptionId: string, paymentMethodId: string, amount: number, currency: string) {
    this.decline(paymentMethodId);
    await this.invoicePaid(subscriptionId, amount, currency, 'Payment of the open invoice');
  }

  /** Stripe's charge.refunded for the charge (its id is the one the invoice.paid event gave it). */
  async refund(providerChargeId: string, amount: number, currency: string) {
    await this.send('charge.refunded', {
      id: providerChargeId,
      object: 'charge',
      amount,
      amount_refunded: amount,
      currency,
      refunded: true,
      receipt_url: null,
    });
  }

  /** Stripe's event for a changed quantity (no status: the subscription's state stays); no proration is simulated. */
  async updateQuantity(subscriptionId: string, quantity: number) {
    const sub = testSubscription(subscriptionId);
    await this.send('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      customer: sub.customer,
      quantity,
    });
  }
}

/** Stripe through its official SDK; Stripe itself sends the webhook events. */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  readonly label = null;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  private readonly client: () => Promise<Stripe>;

  constructor(
    config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE'>,
  ) {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET || !config.STRIPE_PUBLISHABLE_KEY)
      throw new Error(
        'BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
      );
    const secretKey = config.STRIPE_SECRET_KEY;
    const options = stripeOptions(config.STRIPE_API_BASE);
    let client: Promise<Stripe> | undefined;
    this.client = () => {
      client ??= loadStripe().then((StripeSdk) => new StripeSdk(secretKey, options));
      return client;
    };
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET;
    this.publishableKey = config.STRIPE_PUBLISHABLE_KEY;
  }

  /** Card errors become {@link CardDeclined} with Stripe's message; a missing object, {@link UnknownAtProvider}. */
  private async call<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    const [{ errors }, stripe] = await Promise.all([loadStripe(), this.client()]);
    try {
      return await work(stripe);
    } catch (error) {
      if (error instanceof errors.StripeCardError) throw new CardDeclined(error.message);
      if (error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing')
        throw new UnknownAtProvider(error.message);
      throw error;
    }
  }

  async createCustomer(user: { id: string; email: string | null }) {
    const customer = await this.call((stripe) =>
      stripe.customers.create({ ...(user.email ? { email: user.email } : {}), metadata: { userId: user.id } }),
    );
    return customer.id;
  }

  async setupIntent(customerId: string) {
    const intent = await this.call((stripe) =>
      stripe.setupIntents.create({ customer: customerId, usage: 'off_session' }),
    );
    if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async attachPaymentMethod(customerId: string, input: string): Promise<CardDetails> {
    const pm = await this.call((stripe) => stripe.paymentMethods.attach(input, { customer: customerId }));
    return {
      id: pm.id,
      brand: pm.card?.brand ?? 'card',
      last4: pm.card?.last4 ?? '????',
      expMonth: pm.card?.exp_month ?? 0,
      expYear: pm.card?.exp_year ?? 0,
    };
  }

  async detachPaymentMethod(paymentMethodId: string) {
    await this.call((stripe) => stripe.paymentMethods.detach(paymentMethodId)).catch((error) => {
      // Already gone at Stripe: removing our row is still right.
      if (!(error instanceof UnknownAtProvider)) throw error;
    });
  }

  async createSubscription(input: SubscribeInput): Promise<CreatedSubscription> {
    if (!input.stripePriceId) throw new UnknownAtProvider('This price is not set up in Stripe (no stripe price id).');
    const stripePriceId = input.stripePriceId;
    const sub = await this.call((stripe) =>
      stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: stripePriceId, ...(input.quantity !== undefined ? { quantity: input.quantity } : {}) }],
        ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
        ...(input.stripeCouponId ? { discounts: [{ coupon: input.stripeCouponId }] } : {}),
        // A declined first payment fails the call (HTTP 402) instead of leaving an incomplete subscription.
        payment_behavior: 'error_if_incomplete',
      }),
    );
    const end = sub.items?.data?.[0]?.current_period_end;
    return { id: sub.id, currentPeriodEnd: typeof end === 'number' ? new Date(end * 1000) : null };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    await this.call((stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  }

  async cancelNow(subscriptionId: string) {
    await this.call((stripe) => stripe.subscriptions.cancel(subscriptionId));
  }

  async payOpenInvoice(subscriptionId: string, paymentMethodId: string) {
    const open = await this.call((stripe) => stripe.invoices.list({ subscription: subscriptionId, status: 'open' }));
    const invoice = open.data[0];
    if (!invoice?.id) throw new UnknownAtProvider('There is no open invoice to pay.');
    const invoiceId = invoice.id;
    await this.call((stripe) => stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }));
  }

  /** The subscription's one item gets the new quantity; Stripe prorates it on the next invoice. */
  async updateQuantity(subscriptionId: string, quantity: number) {
    const sub = await this.call((stripe) => stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new UnknownAtProvider(`Subscription ${subscriptionId} has no item to change.`);
    await this.call((stripe) =>
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity }],
        proration_behavior: 'create_prorations',
      }),
    );
  }

  /**
   * The Stripe price sold for one of our price rows: found by its lookup key, else created (under one product per
   * app and plan, made on first use), so running the sync twice creates nothing twice.
   */
  async ensurePrice(price: PriceToSell): Promise<string> {
    const lookupKey = stripeLookupKey(price);
    const found = await this.call((stripe) => stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 }));
    if (found.data[0]) return found.data[0].id;
    const productId = `eh_${price.app}_${price.plan}`;
    await this.call((stripe) => stripe.products.retrieve(productId)).catch(async (error) => {
      if (!(error instanceof UnknownAtProvider)) throw error;
      await this.call((stripe) =>
        stripe.products.create({
          id: productId,
          name: price.productName,
          metadata: { app: price.app, plan: price.plan },
        }),
      );
    });
    const created = await this.call((stripe) =>
      stripe.prices.create({
        product: productId,
        unit_amount: price.amount,
        currency: price.currency,
        recurring: { interval: price.interval === 'monthly' ? 'month' : 'year' },
        lookup_key: lookupKey,
      }),
    );
    return created.id;
  }

  /**
   * Refunds a payment in full (Stripe's charge.refunded event then marks it). Our key is the charge id, or with
   * API versions whose invoices name no charge the invoice id, whose payment intent is then refunded.
   */
  async refund(chargeId: string) {
    if (!chargeId.startsWith('in_')) {
      await this.call((stripe) => stripe.refunds.create({ charge: chargeId }));
      return;
    }
    const payments = await this.call((stripe) => stripe.invoicePayments.list({ invoice: chargeId, limit: 1 }));
    const intent = payments.data[0]?.payment?.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (!intentId) throw new UnknownAtProvider(`Invoice ${chargeId} has no payment to refund.`);
    await this.call((stripe) => stripe.refunds.create({ payment_intent: intentId }));
  }
}

export function createBillingProvider(config: Config): BillingProvider {
  return config.BILLING_PROVIDER === 'stripe'
    ? new StripeBillingProvider(config)
    : new TestBillingProvider(config.STRIPE_WEBHOOK_SECRET);
}

const providers = new WeakMap<Config, BillingProvider>();

/** What a call that would sell answers while nothing is sold online (BILLING_PROVIDER=off). */
export const BILLING_OFF_MESSAGE = 'Plans can’t be bought online yet.';

/**
 * The one provider of a server (its configuration): the payments routes connect it to the webhook route, and the
 * team routes bill through the same one, so a test provider's events are signed with the secret the
 * webhook route checks.
 */
export function billingProviderFor(config: Config): BillingProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = createBillingProvider(config);
    providers.set(config, provider);
  }
  return provider;
}
