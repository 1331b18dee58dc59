/**
 * Payout accounts (decision 0028): Stripe Connect Express through the official SDK, or offline the `test`
 * billing provider's stand-in, whose onboarding is the app's own page and whose transfers move nothing.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { loadStripe, stripeOptions } from '../../kernel/stripe.ts';

export interface ConnectAccountState {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface TransferInput {
  accountId: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Names the payout at the provider: a retry finds a transfer already made under it. */
  group: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface ConnectProvider {
  readonly name: 'stripe' | 'test';
  /** Opens an Express account in the country; answers its id. */
  createAccount(input: { country: string; email: string | null; userId: string }): Promise<string>;
  /** The link that takes the affiliate through onboarding (Stripe's hosted pages, or our test page). */
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string; expiresAt: Date | null }>;
  /** What the provider says of the account now; null when our own record is the truth (the test provider). */
  accountState(accountId: string): Promise<ConnectAccountState | null>;
  /** The transfer already made under `group`, if any. */
  findTransfer(group: string): Promise<string | null>;
  /** Moves money to the connected account; answers the transfer's id. */
  transfer(input: TransferInput): Promise<string>;
}

/** The app's page that stands in for Stripe's hosted onboarding in test billing (a query parameter of the page). */
export const TEST_ONBOARDING_PARAM = 'testOnboarding';

/** Offline: ids of our own, onboarding finished on the app's test page, transfers that move nothing. */
export class TestConnectProvider implements ConnectProvider {
  readonly name = 'test' as const;
  private readonly publicUrl: string;
  constructor(publicUrl: string) {
    this.publicUrl = publicUrl;
  }

  async createAccount() {
    return `acct_test_${randomBytes(12).toString('hex')}`;
  }

  async onboardingLink(accountId: string) {
    const url = new URL('/affiliate-program', this.publicUrl);
    url.searchParams.set(TEST_ONBOARDING_PARAM, accountId);
    return { url: url.toString(), expiresAt: null };
  }

  async accountState() {
    return null;
  }

  async findTransfer() {
    return null;
  }

  async transfer() {
    return `tr_test_${randomBytes(12).toString('hex')}`;
  }
}

/**
 * Stripe Connect: Express accounts that receive transfers. An account outside the platform's country (the US) is
 * opened under the recipient service agreement, which is what lets Stripe pay people abroad through transfers.
 */
export class StripeConnectProvider implements ConnectProvider {
  readonly name = 'stripe' as const;
  private readonly client: () => Promise<Stripe>;

  constructor(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>) {
    const secretKey = config.STRIPE_SECRET_KEY;
    if (!secretKey) throw new Error('Stripe Connect needs STRIPE_SECRET_KEY');
    const options = stripeOptions(config.STRIPE_API_BASE);
    let client: Promise<Stripe> | undefined;
    this.client = () => {
      client ??= loadStripe().then((StripeSdk) => new StripeSdk(secretKey, options));
      return client;
    };
  }

  async createAccount(input: { country: string; email: string | null; userId: string }) {
    const account = await (await this.client()).accounts.create({
      type: 'express',
      country: input.country,
      ...(input.email ? { email: input.email } : {}),
      capabilities: { transfers: { requested: true } },
      ...(input.country === 'US' ? {} : { tos_acceptance: { service_agreement: 'recipient' } }),
      metadata: { userId: input.userId, purpose: 'affiliate_payouts' },
    });
    return account.id;
  }

  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }) {
    const link = await (await this.client()).accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }

  async accountState(accountId: string) {
    const account = await (await this.client()).accounts.retrieve(accountId);
    return { detailsSubmitted: account.details_submitted === true, payoutsEnabled: account.payouts_enabled === true };
  }

  async findTransfer(group: string) {
    const found = await (await this.client()).transfers.list({ transfer_group: group, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  async transfer(input: TransferInput) {
    const transfer = await (await this.client()).transfers.create(
      {
        amount: input.amount,
        currency: input.currency,
        destination: input.accountId,
        transfer_group: input.group,
        description: input.description,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return transfer.id;
  }
}

const providers = new WeakMap<Config, ConnectProvider | null>();

/** The server's payout provider (follows BILLING_PROVIDER); null when billing is off (nothing is sold or paid). */
export function connectProviderFor(config: Config): ConnectProvider | null {
  if (!providers.has(config)) {
    providers.set(
      config,
      config.BILLING_PROVIDER === 'off'
        ? null
        : config.BILLING_PROVIDER === 'stripe'
          ? new StripeConnectProvider(config)
          : new TestConnectProvider(config.PUBLIC_URL),
    );
  }
  return providers.get(config) ?? null;
}
