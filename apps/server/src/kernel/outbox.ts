/**
 * Every email and SMS the product sends is written to the outbox first (decision 0012). Without SMTP the outbox
 * is the local mailbox (`/dev/mail`); with `SMTP_URL` each email also gets a job on the queue that delivers it,
 * retried with the queue's backoff. SMS stays in the outbox until an SMS provider exists.
 */
import { type Database, outbox } from '@eh/db';
import type { Config } from '../config.ts';
import { enqueue } from './jobs/queue.ts';

export const SEND_MAIL_JOB = 'send-mail';
/** One try and the queue's retries (its backoff gives up after about six seconds of failures). */
export const SEND_MAIL_MAX_ATTEMPTS = 8;

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  /** The plain text. */
  body: string;
  /** An email's HTML part with the same words (the SMTP job sends both as one multipart message). */
  html?: string | null;
}

/** Keeps the message in the outbox and, when SMTP is configured, queues its delivery. Returns its outbox id. */
export async function queueMessage(db: Database, config: Config, message: OutgoingMessage): Promise<number> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  if (!row) throw new Error(`message to ${message.to} was not stored`);
  if (config.SMTP_URL && message.channel === 'email') {
    await enqueue(db, { name: SEND_MAIL_JOB, payload: { outboxId: row.id }, maxAttempts: SEND_MAIL_MAX_ATTEMPTS });
  }
  return row.id;
}
