/**
 * One-click unsubscribe (RFC 8058): every notification email carries a link whose token names the user, the kind
 * and the symbol, signed with an HMAC keyed from the server secret (the identity provider's IDP_SECRET, or the one
 * generated into DATA_DIR in embedded mode), so a link cannot be edited into someone else's or another switch.
 */
import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { NOTIFICATION_KIND_SWITCH, NOTIFICATION_KINDS, type NotificationKind } from '@eh/domain';
import { idpSecret, safeEqual } from '../../idp/seal.ts';
import type { AppContext } from '../../kernel/context.ts';
import { badField } from '../../kernel/http/errors.ts';

/** An alert kind, or marketing email (SPEC §7 marketing status). */
export type UnsubscribeKind = NotificationKind | 'marketing';

export interface UnsubscribeTarget {
  userId: string;
  kind: UnsubscribeKind;
  symbol: string | null;
}

/** Keys as key objects: an HMAC keyed by a Buffer converts it on every call, ten times the signing itself. */
const keys = new Map<string, KeyObject>();

function keyOf(ctx: AppContext): KeyObject {
  const secret = idpSecret(ctx.config.DATA_DIR, ctx.config.IDP_SECRET, ctx.database.driver === 'pglite');
  let key = keys.get(secret);
  if (!key) {
    // Derived for this one use: the same secret seals the identity provider's keys under other labels.
    key = createSecretKey(createHash('sha256').update(`unsubscribe:${secret}`).digest());
    keys.set(secret, key);
  }
  return key;
}

const sign = (key: KeyObject, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function unsubscribeToken(ctx: AppContext, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify({ u: target.userId, k: target.kind, s: target.symbol })).toString(
    'base64url',
  );
  return `${payload}.${sign(keyOf(ctx), payload)}`;
}

/** The web page the email's footer links to (it shows what will be turned off, then one button). */
export function unsubscribePageUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The List-Unsubscribe target: a mail client POSTs `List-Unsubscribe=One-Click` there (RFC 8058). */
export function unsubscribeApiUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

const invalid = () => badField('query.token', 'This unsubscribe link is not valid (it was changed or cut).');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target a token names, or a 400 when its signature or content does not hold. */
export function readUnsubscribeToken(ctx: AppContext, token: string): UnsubscribeTarget {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  if (!safeEqual(signature, sign(keyOf(ctx), payload))) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { u, k, s } = (parsed ?? {}) as { u?: unknown; k?: unknown; s?: unknown };
  const kindOk = k === 'marketing' || (NOTIFICATION_KINDS as readonly unknown[]).includes(k);
  if (typeof u !== 'string' || !UUID.test(u) || !kindOk || !(s === null || typeof s === 'string')) throw invalid();
  return { userId: u, kind: k as UnsubscribeKind, symbol: s as string | null };
}

const KIND_LABELS: Record<NotificationKind, string> = {
  earningsReminder: 'Earnings reminders',
  earningsResults: 'Earnings results alerts',
  liveCall: 'Live call alerts',
  eventTranscript: 'Transcript alerts',
  eventTranscriptSummary: 'Transcript summary alerts',
  analystRatings: 'Analyst rating alerts',
  guidance: 'Guidance alerts',
  dividendPayment: 'Dividend payment alerts',
  dailySummary: 'The daily summary',
  weeklySummary: 'The weekly summary',
  dateChange: 'Email',
  test: 'Email',
  keywordMention: 'Email',
};

/**
 * What a target turns off: an alert kind's switch on the symbol (every channel), a digest's switch on every alert,
 * the email switch for a kind without one (a moved date, a test), or marketing email.
 */
export type UnsubscribeAction =
  | { type: 'marketing' }
  | {
      type: 'alertSwitch';
      setting: NonNullable<(typeof NOTIFICATION_KIND_SWITCH)[NotificationKind]>;
      symbol: string | null;
    }
  | { type: 'emailSwitch'; symbol: string | null };

export function unsubscribeAction(target: UnsubscribeTarget): UnsubscribeAction {
  if (target.kind === 'marketing') return { type: 'marketing' };
  const setting = NOTIFICATION_KIND_SWITCH[target.kind];
  const digest = target.kind === 'dailySummary' || target.kind === 'weeklySummary';
  if (setting) return { type: 'alertSwitch', setting, symbol: digest ? null : target.symbol };
  return { type: 'emailSwitch', symbol: target.symbol };
}

export function describeUnsubscribe(target: UnsubscribeTarget): string {
  const action = unsubscribeAction(target);
  if (action.type === 'marketing') return 'Marketing email';
  if (action.type === 'emailSwitch') {
    return action.symbol ? `Email about ${action.symbol}` : 'Email about every symbol you follow';
  }
  if (target.kind === 'marketing') return 'Marketing email';
  const label = KIND_LABELS[target.kind];
  if (!action.symbol) return `${label} (email, push and text messages)`;
  return `${label} for ${action.symbol} (email, push and text messages)`;
}
