import type { OutboxMessage } from '@eh/contracts';
import type { AppContext } from '../../kernel/context.ts';
import { forbidden } from '../../kernel/http/errors.ts';
import { type MailboxClient, outboxAccess } from '../../mail/mailbox.ts';
import { devFlagEnabled } from '../flags/index.ts';
import * as queries from './queries.ts';

/** The outbox holds codes and personal data: who may read it is mail/mailbox.ts's rule (decision 0012). */
export async function devOutbox(
  ctx: AppContext,
  query: { limit: number; to?: string | undefined },
  client: MailboxClient,
) {
  if ((await outboxAccess(ctx.config, client, () => devFlagEnabled(ctx))) === 'closed') {
    throw forbidden(
      ctx.config.SMTP_URL
        ? 'Mail is delivered by SMTP: there is no local mailbox'
        : ctx.config.DATABASE_URL
          ? 'The mailbox is readable only while the dev flag is on'
          : 'The mailbox opens only on the machine the server runs on (or while the dev flag is on)',
    );
  }
  const rows = await queries.listOutbox(ctx.db, query);
  const messages: OutboxMessage[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { messages };
}
