import { FederatedProviderName, type SignInOptions } from '@eh/contracts';
import { providerSettings } from '../../idp/federation.ts';
import type { IdentityProviderName } from '../../idp/oauth.ts';
import type { AppContext } from '../../kernel/context.ts';
import { type MailboxClient, outboxAccess } from '../../mail/mailbox.ts';
import { devFlagEnabled } from '../flags/index.ts';

/** The web app's provider names as the identity provider knows them. */
const FEDERATED_NAMES: Record<FederatedProviderName, IdentityProviderName> = {
  google: 'Google',
  apple: 'SignInWithApple',
};

/** What the sign-in pages offer this client: the configured providers, and the mailbox link when it would open. */
export async function signInOptions(ctx: AppContext, client: MailboxClient): Promise<SignInOptions> {
  const federatedProviders = FederatedProviderName.options.filter(
    (name) => providerSettings(ctx.config, FEDERATED_NAMES[name]) !== null,
  );
  const access = await outboxAccess(ctx.config, client, () => devFlagEnabled(ctx));
  return { federatedProviders, localMailbox: access !== 'closed' };
}
