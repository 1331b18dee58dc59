/**
 * The seam between the delivery worker and the transports. The worker claims a delivery, renders it into
 * an OutgoingNotification and hands it to the channel's sender; the sender tells what happened and whether a retry
 * could help. Senders never write deliveries themselves (the worker records outcome, answer and time), but a push
 * sender removes a token its provider declares invalid.
 */
import type { NotificationChannel, NotificationKind, NotificationProvider } from '@eh/domain';
import type { AppContext } from '../../../kernel/context.ts';
import type { KeptMessage } from '../queries.ts';

export interface OutgoingNotification {
  deliveryId: number;
  userId: string;
  channel: NotificationChannel;
  kind: NotificationKind;
  symbol: string | null;
  title: string;
  /** Plain text, short enough for a push or an SMS after `title`. */
  body: string;
  /** Absolute URL of the page it is about (PUBLIC_URL + the event's path). */
  url: string;
  /** The one-click unsubscribe URL for this user, kind and symbol (email footers and List-Unsubscribe). */
  unsubscribeUrl: string;
  data: Record<string, unknown>;
}

export interface SendResult {
  outcome: 'sent' | 'failed' | 'skipped';
  /** Which transport carried it (for a push to several devices, the first that answered). */
  provider: NotificationProvider | null;
  /** What the provider answered, or why nothing was sent ('no verified phone', 'no push token'). */
  answer: string;
  /** A failure a later attempt may fix (timeouts, 5xx, 429): the worker retries with the SPEC §9 backoff. */
  retryable: boolean;
  /**
   * The copy the outbox keeps (decision 0012): the worker writes it in the statement that records the outcome, so a
   * delivery and its copy are kept together or not at all.
   */
  keep?: KeptMessage;
  /** The answer to record once the kept copy's outbox id is known ('kept in the local mailbox (message 12)'). */
  answerOf?: (outboxId: number) => string;
}

/** One channel's sender. `ctx` gives the database, the config and the logger. */
export type ChannelSender = (ctx: AppContext, message: OutgoingNotification) => Promise<SendResult>;

/**
 * A channel's sender for a batch of messages: one result per message, in their order. It looks its recipients up
 * together and renders what messages share once; a message's own failure is its result, never a throw.
 */
export type ChannelBatchSender = (ctx: AppContext, messages: readonly OutgoingNotification[]) => Promise<SendResult[]>;
