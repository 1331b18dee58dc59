import { type Alert, ErrorCode } from '@eh/contracts';
import { ALERT_SETTINGS, type AlertSettings, alertForAdd, canUse } from '@eh/domain';
import { LISTS_CHANGED_CHANNEL, type ListsChanged } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import { featuresOf } from '../../kernel/entitlements.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { HttpError, notFound } from '../../kernel/http/errors.ts';
import { ensureUser } from '../users/index.ts';
import * as q from './queries.ts';

/** The message of a gate the alerts feature stops (SPEC §4): the client shows its upgrade prompt on it. */
const ALERTS_UPGRADE_MESSAGE =
  'Choosing which alerts you get is part of the paid plans. Upgrade to change your alert settings.';

function toAlert(row: q.AlertRow): Alert {
  const settings = Object.fromEntries(ALERT_SETTINGS.map((setting) => [setting, row[setting]])) as AlertSettings;
  return {
    userId: row.userId,
    symbol: row.symbol,
    ...settings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function sentSettings(body: Partial<Record<string, unknown>>): Partial<AlertSettings> {
  const sent: Partial<AlertSettings> = {};
  for (const setting of ALERT_SETTINGS) {
    const value = body[setting];
    if (typeof value === 'boolean') sent[setting] = value;
  }
  return sent;
}

/** Every symbol as an asset stores it; an unknown one is a 404 naming it. */
async function requireSymbols(ctx: AppContext, symbols: string[]): Promise<string[]> {
  const unique = [...new Set(symbols)];
  const found = await q.canonicalSymbols(ctx.db, { symbols: unique });
  const unknown = unique.filter((symbol) => !found.has(symbol));
  if (unknown.length > 0) {
    throw new HttpError(
      404,
      ErrorCode.notFound,
      `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      {
        symbols: unknown,
      },
    );
  }
  return [...new Set(unique.map((symbol) => found.get(symbol) ?? symbol))];
}

/**
 * The symbols with alerts are part of the caller's custom group (as SPEC's "all-alerts" list): every sync node
 * reads it again once the change is stored.
 */
async function announce(ctx: AppContext, caller: Caller) {
  await ctx.bus.publish(LISTS_CHANGED_CHANNEL, { userId: caller.sub } satisfies ListsChanged);
}

/**
 * SPEC §5: without the alerts feature an added alert gets the defaults, whatever was sent; with it, the switches
 * sent, then the ones already saved on that symbol, then the defaults.
 */
async function addMany(ctx: AppContext, caller: Caller, symbols: string[], sent: Partial<AlertSettings>) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const features = await featuresOf(ctx, caller);
  const hasAlerts = canUse(features, 'alerts');
  const saved = hasAlerts ? await q.alertsOf(ctx.db, { userId: caller.sub, symbols }) : [];
  const savedBySymbol = new Map(saved.map((row) => [row.symbol, row]));
  await q.upsertAlerts(ctx.db, {
    userId: caller.sub,
    rows: symbols.map((symbol) => {
      const previous = savedBySymbol.get(symbol);
      return { symbol, settings: alertForAdd(hasAlerts, { ...(previous ?? {}), ...sent }) };
    }),
  });
}

export async function list(ctx: AppContext, caller: Caller) {
  return { alerts: (await q.alertsOf(ctx.db, { userId: caller.sub })).map(toAlert) };
}

export async function counts(ctx: AppContext, caller: Caller, symbols: string[] = []) {
  const unique = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))];
  const [total, followers] = await Promise.all([
    q.countAlerts(ctx.db, { userId: caller.sub }),
    q.followers(ctx.db, { symbols: unique }),
  ]);
  return { total, symbols: Object.fromEntries(unique.map((symbol) => [symbol, followers.get(symbol) ?? 0])) };
}

export async function add(ctx: AppContext, caller: Caller, body: { symbol: string } & Record<string, unknown>) {
  const [symbol] = await requireSymbols(ctx, [body.symbol]);
  if (!symbol) throw notFound(`Unknown symbol: ${body.symbol}`);
  await addMany(ctx, caller, [symbol], sentSettings(body));
  await announce(ctx, caller);
  const [row] = await q.alertsOf(ctx.db, { userId: caller.sub, symbols: [symbol] });
  if (!row) throw new Error(`alert on ${symbol} was not stored`);
  return toAlert(row);
}

export async function remove(ctx: AppContext, caller: Caller, symbol: string) {
  const removed = await q.deleteAlerts(ctx.db, { userId: caller.sub, symbols: [symbol, symbol.toUpperCase()] });
  if (removed.length === 0) throw notFound(`You have no alert on ${symbol}`);
  await announce(ctx, caller);
  return { symbol: removed[0] ?? symbol, deleted: true as const };
}

/** The update-all-alerts modal: the same switches on every alert. Choosing switches needs the alerts feature. */
export async function updateAll(ctx: AppContext, caller: Caller, body: Record<string, unknown>) {
  if (!canUse(await featuresOf(ctx, caller), 'alerts')) {
    throw new HttpError(403, ErrorCode.forbidden, ALERTS_UPGRADE_MESSAGE, { feature: 'alerts' });
  }
  await q.updateAllAlerts(ctx.db, { userId: caller.sub, set: sentSettings(body) });
  return list(ctx, caller);
}

export async function batch(
  ctx: AppContext,
  caller: Caller,
  body: { add: string[]; remove: string[]; settings?: Record<string, unknown> | undefined },
) {
  const add = await requireSymbols(ctx, body.add);
  const overlap = add.find((symbol) => body.remove.some((other) => other.toUpperCase() === symbol.toUpperCase()));
  if (overlap) throw new HttpError(400, ErrorCode.validation, `body.remove: ${overlap} is also in add`);
  await addMany(ctx, caller, add, sentSettings(body.settings ?? {}));
  await q.deleteAlerts(ctx.db, {
    userId: caller.sub,
    symbols: body.remove.flatMap((symbol) => [symbol, symbol.toUpperCase()]),
  });
  await announce(ctx, caller);
  return list(ctx, caller);
}

export async function filter(ctx: AppContext, caller: Caller) {
  return { symbols: await q.filterOf(ctx.db, { userId: caller.sub }) };
}

export async function saveFilter(ctx: AppContext, caller: Caller, symbols: string[]) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const known = await requireSymbols(ctx, symbols);
  await q.saveFilter(ctx.db, { userId: caller.sub, symbols: known });
  return { symbols: known };
}

/** The `{product}_custom` calendar group (SPEC §3): the caller's own filter symbols. */
export async function customFilterSymbols(ctx: AppContext, caller: Caller): Promise<string[]> {
  return q.filterOf(ctx.db, { userId: caller.sub });
}
