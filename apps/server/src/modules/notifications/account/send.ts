/**
 * Account emails: what happened to a person's money or membership, told once, in the template set of every email
 * (HTML and text). They are not notifications a person opts into: no preferences, quiet hours or unsubscribe link.
 * Each goes through the outbox, so it lands in the local mailbox without SMTP and is queued for delivery with it.
 */
import type { Database } from '@eh/db';
import type { Config } from '../../../config.ts';
import { queueMessage } from '../../../kernel/outbox.ts';
import { accountAddressOf } from '../queries.ts';
import { type AccountMail, type Payer, renderAccountMail } from './messages.ts';

/** A person (their account's address) or a team (its billing email; the email then speaks of the team's plan). */
export type AccountMailRecipient =
  | { userId: string; organizationId?: undefined }
  | { organizationId: string; userId?: undefined };

/**
 * Keeps one account email in the outbox. The caller passes the transaction that makes the change the email tells
 * of, right after the write that decides it happened (a status that moved, a row that was inserted): the email is
 * committed with the change or not at all, and a webhook delivered again, which changes nothing, sends nothing
 * again. Returns the outbox id, or null when the recipient has no address.
 */
export async function sendAccountMail(
  db: Database,
  config: Config,
  to: AccountMailRecipient,
  mail: AccountMail,
): Promise<number | null> {
  const address = await accountAddressOf(db, to);
  if (!address.email) return null;
  const payer: Payer = address.teamName !== null ? { kind: 'team', name: address.teamName } : { kind: 'person' };
  const email = renderAccountMail(mail, payer, { appName: config.APP_NAME, publicUrl: config.PUBLIC_URL });
  return queueMessage(db, config, {
    channel: 'email',
    to: address.email,
    subject: email.subject,
    body: email.text,
    html: email.html,
  });
}
