/** Delivery of queued email through the SMTP server of `SMTP_URL` (nodemailer), one outbox message per job. */
import { outbox } from '@eh/db';
import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { JobHandler } from '../kernel/jobs/handler.ts';
import type { ServerModule } from '../kernel/module.ts';
import { SEND_MAIL_JOB } from '../kernel/outbox.ts';

/** A server that does not greet or answer within these fails the attempt, and the queue retries it. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/**
 * One pool of connections per SMTP server: a batch of alerts goes over a few open connections, many messages each,
 * instead of a connection and a greeting per message.
 */
const POOL_CONNECTIONS = 8;
const POOL_MESSAGES_PER_CONNECTION = 1000;

/** `MAIL_FROM`, or the product's name at the host users reach it on. */
export function mailFrom(config: Config): string {
  return config.MAIL_FROM ?? `${config.APP_NAME} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

const transports = new Map<string, Transporter>();

/** nodemailer, loaded with the first email sent: a server whose mail stays in the local mailbox never loads it. */
async function transportFor(url: string, pool: boolean): Promise<Transporter> {
  const key = `${pool ? 'pool' : 'single'} ${url}`;
  let transport = transports.get(key);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    // Another send may have made it while the module loaded: one transport per key, or the pool's would leak.
    const made = transports.get(key);
    if (made) return made;
    // Settings in the URL's query (`?ignoreTLS=true`, `?connectionTimeout=…`) win over these.
    transport = nodemailer.createTransport({
      url,
      ...(pool
        ? {
            pool: true,
            maxConnections: POOL_CONNECTIONS,
            maxMessages: POOL_MESSAGES_PER_CONNECTION,
            // The delivery worker retries with its own backoff and counts failures against the circuit.
            maxRequeues: 0,
          }
        : {}),
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    transports.set(key, transport);
  }
  return transport;
}

/**
 * Closes the connections open to the SMTP server of `url` once their deliveries end (a server that is stopping; a
 * later send opens new ones). Left open, they keep the process from ending until the SMTP server times them out.
 */
export function closeSmtpTransports(url: string): void {
  for (const [key, transport] of transports) {
    if (key.endsWith(` ${url}`)) {
      transport.close();
      transports.delete(key);
    }
  }
}

/** An email as nodemailer takes it: a plain-text part, and optionally an HTML part and extra headers. */
export interface SmtpEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A Message-ID of the sender's choosing (one per notification delivery, so a resend can be told apart). */
  messageId?: string;
}

/** Hands one email to the SMTP server of `SMTP_URL`; resolves with the server's answer, throws when refused. */
export async function sendSmtp(config: Config, email: SmtpEmail): Promise<string> {
  const url = config.SMTP_URL;
  if (!url) throw new Error('SMTP_URL is not set on this worker');
  const mail = { from: mailFrom(config), ...email };
  let info: { response?: string };
  try {
    info = await (await transportFor(url, true)).sendMail(mail);
  } catch (error) {
    // A pooled connection the server closed (its 421) fails the message with the pool's words, not the server's:
    // one try on a connection of its own brings back the server's answer (the worker records it and retries).
    if ((error as { code?: string }).code !== 'ECONNECTION') throw error;
    info = await (await transportFor(url, false)).sendMail(mail);
  }
  return String(info.response ?? '');
}

/** Sends one outbox message; throws (the job is retried) when the SMTP server refuses or cannot be reached. */
export const runSendMailJob: JobHandler = async ({ ctx, job }) => {
  const id = Number(job.payload.outboxId);
  if (!Number.isInteger(id)) throw new Error('send-mail job without an outbox id');
  const [message] = await ctx.db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  // Already delivered (a retry after the server accepted it) or gone: nothing to send.
  if (!message || message.sentAt) return;
  if (!ctx.config.SMTP_URL) throw new Error('SMTP_URL is not set on this worker');
  await ctx.db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1` })
    .where(eq(outbox.id, id));
  await sendSmtp(ctx.config, {
    to: message.to,
    subject: message.subject ?? '',
    text: message.body,
    ...(message.html ? { html: message.html } : {}),
  });
  await ctx.db.update(outbox).set({ sentAt: sql`now()` }).where(eq(outbox.id, id));
};

/**
 * Email in a lane of its own, so a sign-up code never waits behind a long ingestion job; without SMTP there is nothing
 * to deliver (the outbox is the local mailbox).
 */
export const mailModule: ServerModule = {
  name: 'mail',
  jobs: { lane: 'mail', handlers: { [SEND_MAIL_JOB]: runSendMailJob } },
  works: (config) => Boolean(config.SMTP_URL),
};
