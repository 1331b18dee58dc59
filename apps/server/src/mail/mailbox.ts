/**
 * Who may read the outbox, which holds sign-up codes and personal data (decision 0012). On an embedded server
 * without SMTP it is the local mailbox, open to the machine the server runs on; elsewhere without SMTP only while
 * the dev flag is on (a staging server with no mail); with SMTP never, since mail reaches people's inboxes.
 */
import type { Config } from '../config.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** What the access rule needs of a request (Fastify's `request.ip` and headers). */
export interface MailboxClient {
  /** The socket's address, or the forwarded client's when TRUST_PROXY is on (Fastify's `request.ip`). */
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export function isLoopback(address: string): boolean {
  return LOOPBACK.has(address);
}

/** The local mailbox is open to this client without any flag: embedded, no SMTP, and the client on this machine. */
export function localMailboxOpen(config: Config, client: MailboxClient): boolean {
  if (config.DATABASE_URL || config.SMTP_URL) return false;
  // Without TRUST_PROXY a forwarding header means a proxy on this machine stands between us and the real client.
  const forwarded = client.headers['x-forwarded-for'] !== undefined || client.headers.forwarded !== undefined;
  if (forwarded && !config.TRUST_PROXY) return false;
  return isLoopback(client.ip);
}

export type OutboxAccess = 'local' | 'dev-flag' | 'closed';

/** How this client may read the outbox; the dev flag is read only when it decides. */
export async function outboxAccess(
  config: Config,
  client: MailboxClient,
  devFlagOn: () => Promise<boolean>,
): Promise<OutboxAccess> {
  if (config.SMTP_URL) return 'closed';
  if (localMailboxOpen(config, client)) return 'local';
  return (await devFlagOn()) ? 'dev-flag' : 'closed';
}
