/**
 * No SMS provider on an embedded server: the text goes to the outbox, which is the local mailbox (/dev/mail), as the
 * identity provider's texted codes do, so a user of `npm start` sees their alerts arrive.
 */
import { LOCAL_MAILBOX_PROVIDER } from '@eh/domain';
import type { AppContext } from '../../../../kernel/context.ts';
import { queueMessage } from '../../../../kernel/outbox.ts';
import type { SmsProvider } from './provider.ts';

export function outboxProvider(ctx: AppContext): SmsProvider {
  return {
    name: LOCAL_MAILBOX_PROVIDER,
    async send(to, body) {
      const id = await queueMessage(ctx.db, ctx.config, { channel: 'sms', to, subject: null, body });
      return {
        ok: true,
        answer: `kept in the local mailbox (outbox #${id}): no SMS provider is configured`,
        retryable: false,
      };
    },
  };
}
