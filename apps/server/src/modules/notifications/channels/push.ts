/**
 * The push channel: one notification to every push token the user has (SPEC §3 push token: token, appName).
 * The appName names the transport (packages/contracts/src/push.ts): 'web' holds the browser's PushSubscription as
 * JSON (web push), '…-ios' an APNs device token, any other an FCM registration token. A token its provider declares
 * dead is removed here. The channel counts as sent when any device took it, so a retry never repeats a device that
 * already has it; it is retried only when nothing was delivered and some failure may pass.
 */
import { parseWebPushSubscription, pushTransportOf } from '@eh/contracts';
import { pushTokens } from '@eh/db';
import { DELIVERY_SKIPS } from '@eh/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../kernel/context.ts';
import { sendApns } from './push/apns.ts';
import { type PushContent, sendFcm } from './push/fcm.ts';
import { clip, PUSH_BODY_MAX_CHARS, type TokenResult } from './push/result.ts';
import { sendWebPush } from './push/webpush.ts';
import type { ChannelBatchSender, ChannelSender, OutgoingNotification, SendResult } from './types.ts';

/** The provider answer kept in the delivery log is cut to this length. */
const ANSWER_MAX_CHARS = 1000;

function contentOf(message: OutgoingNotification): PushContent {
  const data: Record<string, string> = { kind: message.kind, deliveryId: String(message.deliveryId) };
  if (message.symbol) data.symbol = message.symbol;
  return { title: message.title, body: clip(message.body, PUSH_BODY_MAX_CHARS), url: message.url, data };
}

/** What the service worker reads (apps/web/public/sw.js): title, body, the page to open, and a tag per delivery. */
export function webPushPayload(content: PushContent): string {
  return JSON.stringify({
    title: content.title,
    body: content.body,
    url: content.url,
    tag: `eh-${content.data.deliveryId}`,
    data: content.data,
  });
}

async function sendToToken(ctx: AppContext, token: { token: string; appName: string }, content: PushContent) {
  const transport = pushTransportOf(token.appName, token.token);
  if (transport === 'apns') return sendApns(ctx, token.token, content);
  if (transport === 'fcm') return sendFcm(ctx, token.token, content);
  const parsed = parseWebPushSubscription(token.token, 'send');
  if (!parsed.ok) {
    // Stored before subscriptions were checked on the way in: no push service can be reached with it.
    const answer = `webpush: ${parsed.field.replace('body.token', 'subscription')} ${parsed.message} (token removed)`;
    return {
      provider: 'webpush',
      outcome: 'failed',
      answer,
      retryable: false,
      invalidToken: true,
    } satisfies TokenResult;
  }
  return sendWebPush(ctx, parsed.subscription, webPushPayload(content));
}

/** Folds the devices' results into the channel's: any device sent → sent; else any failure → failed; else skipped. */
export function foldResults(results: TokenResult[]): SendResult {
  const answer = clip(results.map((r) => r.answer).join('; '), ANSWER_MAX_CHARS);
  const sent = results.find((r) => r.outcome === 'sent');
  if (sent) return { outcome: 'sent', provider: sent.provider, answer, retryable: false };
  const failed = results.filter((r) => r.outcome === 'failed');
  if (failed.length) {
    const first = failed.find((r) => r.retryable) ?? failed[0];
    return { outcome: 'failed', provider: first?.provider ?? null, answer, retryable: failed.some((r) => r.retryable) };
  }
  return { outcome: 'skipped', provider: null, answer, retryable: false };
}

/** The user's push tokens, as the senders take them. */
type Token = { id: number; userId: string; token: string; appName: string };

async function sendToTokens(
  ctx: AppContext,
  message: OutgoingNotification,
  tokens: readonly Token[],
): Promise<SendResult> {
  if (!tokens.length)
    return { outcome: 'skipped', provider: null, answer: DELIVERY_SKIPS.noPushToken, retryable: false };
  const content = contentOf(message);
  const results = await Promise.all(tokens.map((token) => sendToToken(ctx, token, content)));
  const dead = tokens.filter((_, i) => results[i]?.invalidToken).map((token) => token.id);
  if (dead.length) await ctx.db.delete(pushTokens).where(inArray(pushTokens.id, dead));
  return foldResults(results);
}

const tokensOf = (ctx: AppContext, userIds: string[]) =>
  ctx.db
    .select({ id: pushTokens.id, userId: pushTokens.userId, token: pushTokens.token, appName: pushTokens.appName })
    .from(pushTokens)
    .where(userIds.length === 1 ? eq(pushTokens.userId, userIds[0] ?? '') : inArray(pushTokens.userId, userIds));

export const sendPush: ChannelSender = async (ctx, message) =>
  sendToTokens(ctx, message, await tokensOf(ctx, [message.userId]));

/** A batch's tokens looked up in one query; each message then goes to its user's devices. */
export const sendPushes: ChannelBatchSender = async (ctx, messages) => {
  const byUser = new Map<string, Token[]>();
  for (const token of await tokensOf(ctx, [...new Set(messages.map((m) => m.userId))])) {
    byUser.set(token.userId, [...(byUser.get(token.userId) ?? []), token]);
  }
  return Promise.all(messages.map((message) => sendToTokens(ctx, message, byUser.get(message.userId) ?? [])));
};
