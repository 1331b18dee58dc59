import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';

const STRIPE = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
};

describe('billing configuration', () => {
  it('bills with the offline test provider by default on the embedded database, and sells nothing on a deployment', () => {
    expect(loadConfig({}).BILLING_PROVIDER).toBe('test');
    const deployment = { DATABASE_URL: 'postgres://db.example/eh', IDP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(deployment).BILLING_PROVIDER).toBe('off');
    expect(loadConfig({ ...deployment, BILLING_PROVIDER: 'test' }).BILLING_PROVIDER).toBe('test');
  });

  it('takes stripe with its three keys', () => {
    expect(loadConfig(STRIPE)).toMatchObject(STRIPE);
  });

  it('names every missing key with BILLING_PROVIDER=stripe', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: required with BILLING_PROVIDER=stripe',
    );
  });

  it('refuses a key of the wrong kind and an unknown provider, naming the variable', () => {
    expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY: must be/);
    expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be/);
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow(ConfigError);
  });
});
