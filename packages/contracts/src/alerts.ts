import { ALERT_SETTINGS, type AlertSetting } from '@eh/domain';
import { z } from 'zod';
import { csvParam, SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

const TAGS = ['alerts'];

/** SPEC §8: the message of an alert add without a session. */
export const ALERTS_SIGN_IN_MESSAGE = 'Please sign in to subscribe to alerts.';
export const ALERTS_BATCH_MAX = 200;
export const FILTER_SYMBOLS_MAX = 500;

const settingsShape = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(ALERT_SETTINGS.map((setting) => [setting, value])) as Record<AlertSetting, T>;

/** SPEC §3 Alert switches, every one present. */
export const AlertSettings = z.object(settingsShape(z.boolean()));
/** Some of the switches: what a client sends. */
export const PartialAlertSettings = z.strictObject(settingsShape(z.boolean().optional()));

/** SPEC §3 Alert (per user and symbol). */
export const Alert = AlertSettings.extend({
  userId: z.uuid(),
  symbol: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof Alert>;

export const getAlerts = defineRoute({
  method: 'GET',
  path: paths.getAlerts,
  group: 'portfolios',
  summary: "The caller's alerts, by symbol",
  tags: TAGS,
  response: z.object({ alerts: z.array(Alert) }),
});

export const getAlertCounts = defineRoute({
  method: 'GET',
  path: paths.getAlertCounts,
  group: 'portfolios',
  summary: 'How many alerts the caller has, and how many users follow each of the given symbols (?symbols=AAPL,MSFT)',
  tags: TAGS,
  query: z.object({ symbols: csvParam(SymbolString).optional() }),
  response: z.object({ total: z.number().int(), symbols: z.record(z.string(), z.number().int()) }),
});

export const addAlert = defineRoute({
  method: 'POST',
  path: paths.addAlert,
  group: 'portfolios',
  summary:
    'Add or update the alert of a symbol: without the alerts feature the SPEC defaults whatever is sent; with it the switches sent, then the ones saved, then the defaults',
  tags: TAGS,
  body: PartialAlertSettings.extend({ symbol: SymbolString }),
  response: Alert,
});

export const deleteAlert = defineRoute({
  method: 'DELETE',
  path: paths.deleteAlert,
  group: 'portfolios',
  summary: "Remove the caller's alert on a symbol",
  tags: TAGS,
  params: z.object({ symbol: SymbolString }),
  response: z.object({ symbol: z.string(), deleted: z.literal(true) }),
});

export const updateAllAlerts = defineRoute({
  method: 'POST',
  path: paths.updateAllAlerts,
  group: 'portfolios',
  summary: 'Set the given switches on every alert of the caller (the alerts feature is required)',
  tags: TAGS,
  body: PartialAlertSettings,
  response: z.object({ alerts: z.array(Alert) }),
});

export const batchAlerts = defineRoute({
  method: 'POST',
  path: paths.batchAlerts,
  group: 'portfolios',
  summary: 'Add alerts for several symbols at once (same rules as one add) and remove others',
  tags: TAGS,
  body: z.strictObject({
    add: z.array(SymbolString).max(ALERTS_BATCH_MAX).default([]),
    remove: z.array(SymbolString).max(ALERTS_BATCH_MAX).default([]),
    settings: PartialAlertSettings.optional(),
  }),
  response: z.object({ alerts: z.array(Alert) }),
});

/** SPEC §3 Earnings filter. */
export const EarningsFilter = z.object({ symbols: z.array(z.string()) });

export const getEarningsFilter = defineRoute({
  method: 'GET',
  path: paths.getEarningsFilter,
  group: 'portfolios',
  summary: "The symbols of the caller's custom earnings filter",
  tags: TAGS,
  response: EarningsFilter,
});

export const postEarningsFilter = defineRoute({
  method: 'POST',
  path: paths.postEarningsFilter,
  group: 'portfolios',
  summary: "Replace the symbols of the caller's custom earnings filter (each must be a known asset)",
  tags: TAGS,
  body: z.strictObject({ symbols: z.array(SymbolString).max(FILTER_SYMBOLS_MAX) }),
  response: EarningsFilter,
});
