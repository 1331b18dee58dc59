import {
  ErrorCode,
  jsonProblem,
  type Me,
  parseWebPushSubscription,
  pushTransportOf,
  SETTINGS_LIMITS,
  type SyncedMe,
} from '@eh/contracts';
import { accountFeaturesFor, bestFeatures, displayedPlan, isPlan, type Plan } from '@eh/domain';
import { verifyPhoneNumber } from '../../idp/account.ts';
import { CognitoError } from '../../idp/errors.ts';
import type { IdpContext } from '../../idp/flow.ts';
import { endAccount } from '../../idp/flow.ts';
import type { AppContext } from '../../kernel/context.ts';
import { type TeamGrant, teamOf } from '../../kernel/entitlements.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { forbidden, HttpError, notFound } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

/** `team`: the user's team, or null outside one; the account has the better features of both. */
function toMe(row: q.UserRow, externalProviderData: Me['externalProviderData'], team: TeamGrant | null): Me {
  const plan: Plan = isPlan(row.plan) ? row.plan : 'free';
  const subscription = { plan, subscriptionType: row.subscriptionType, status: row.subscriptionStatus };
  const override = isPlan(row.planOverride) ? row.planOverride : null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatarUrl: row.avatarUrl,
    displayPlan: displayedPlan(subscription, override, team),
    team: team ? { name: team.organization, plan: team.plan } : null,
    accountSubscription: {
      ...subscription,
      price: row.price,
      priceType: row.priceType,
      nextChargeDate: row.nextChargeDate?.toISOString() ?? null,
    },
    accountFeatures: bestFeatures(accountFeaturesFor(subscription), team?.features ?? null),
    superAdmin: row.superAdmin,
    externalProviderData,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function me(ctx: AppContext, caller: Caller) {
  const row = await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const [providers, team] = await Promise.all([
    q.externalProviders(ctx.db, { id: caller.sub }),
    teamOf(ctx, caller.sub),
  ]);
  return toMe(row, providers, team);
}

/** A user reaches only their own record: another id is a 403, whatever it is. */
function ownOnly(caller: Caller, id: string) {
  if (id !== caller.sub) throw forbidden('You can only change your own account');
}

export async function update(ctx: AppContext, caller: Caller, id: string, body: { name?: string | null | undefined }) {
  ownOnly(caller, id);
  await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  if (body.name !== undefined) await q.updateUser(ctx.db, { id, set: { name: body.name } });
  return me(ctx, caller);
}

export async function recordSource(ctx: AppContext, caller: Caller, source: Record<string, string | undefined>) {
  const row = await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const given = Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined));
  // The first recorded source wins: later visits must not rewrite where a user came from.
  const signup = { ...given, ...row.signup };
  await q.updateUser(ctx.db, { id: caller.sub, set: { signup } });
  return { signup };
}

export async function marketing(ctx: AppContext, caller: Caller, subscribed?: boolean) {
  const row = await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  if (subscribed === undefined) return { subscribed: row.marketingSubscribed };
  await q.updateUser(ctx.db, { id: caller.sub, set: { marketingSubscribed: subscribed } });
  return { subscribed };
}

export async function settings(ctx: AppContext, caller: Caller, patch?: Record<string, unknown>) {
  const row = await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  if (!patch) return { settings: row.settings };
  const merged = { ...row.settings, ...patch };
  // The patch passed its own limits; the merge of many patches must stay inside them too.
  const problem = jsonProblem(merged, SETTINGS_LIMITS);
  if (problem) {
    const message = `body.settings: together with the settings already saved, they ${problem.message}`;
    throw new HttpError(400, ErrorCode.validation, message, [{ field: 'body.settings', message: problem.message }]);
  }
  await q.updateUser(ctx.db, { id: caller.sub, set: { settings: merged } });
  return { settings: merged };
}

export async function addPushToken(ctx: AppContext, caller: Caller, body: { token: string; appName: string }) {
  let { token } = body;
  // A web push token is the browser's subscription: checked field by field, stored in one canonical form.
  if (pushTransportOf(body.appName, token) === 'webpush') {
    const parsed = parseWebPushSubscription(token);
    if (!parsed.ok) {
      const message = `${parsed.field}: ${parsed.message}`;
      throw new HttpError(400, ErrorCode.validation, message, [{ field: parsed.field, message: parsed.message }]);
    }
    token = JSON.stringify(parsed.subscription);
  }
  await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  await q.addPushToken(ctx.db, { userId: caller.sub, token, appName: body.appName });
  return { registered: true as const };
}

export async function pushTokenCount(ctx: AppContext, caller: Caller, appName: string) {
  return { count: await q.countPushTokens(ctx.db, { userId: caller.sub, appName }) };
}

export async function deleteAccount(ctx: AppContext, caller: Caller) {
  await endAccount(ctx, caller.sub);
  return { deleted: true as const };
}

export async function publicProfiles(ctx: AppContext, ids: string[]) {
  return { users: await q.publicUsers(ctx.db, { ids }) };
}

/** POST /core/users/{id}/verification/phone: the code texted by the identity provider verifies the phone number. */
export async function verifyPhone(idp: IdpContext, caller: Caller, id: string, code: string) {
  ownOnly(caller, id);
  try {
    return await verifyPhoneNumber(idp, { sub: caller.sub, code });
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
    if (error.type === 'UserNotFoundException') throw notFound('This account has no identity to verify');
    if (error.type === 'InvalidParameterException') throw new HttpError(400, ErrorCode.validation, error.message);
    const message = error.message;
    throw new HttpError(400, ErrorCode.validation, `body.code: ${message}`, [{ field: 'body.code', message }]);
  }
}

/**
 * POST /core/users/{id}/cognito: copies what the identity provider knows into the account (a verified email
 * replaces the stored one; a name from Google or Apple fills an empty one) and answers with the verified flags
 * and linked providers.
 */
export async function syncFromIdentity(ctx: AppContext, caller: Caller, id: string): Promise<SyncedMe> {
  ownOnly(caller, id);
  const identity = await q.identityOf(ctx.db, { id });
  if (!identity) throw notFound('This account has no identity at this identity provider');
  const row = await q.ensureUser(ctx.db, { id, email: caller.email });
  const name = row.name ?? identity.attributes.name ?? null;
  const email = identity.emailVerified && identity.email ? identity.email : row.email;
  if (name !== row.name || email !== row.email) await q.updateUser(ctx.db, { id, set: { name, email } });
  return {
    ...(await me(ctx, caller)),
    emailVerified: identity.emailVerified,
    phoneNumber: identity.phoneNumber,
    phoneNumberVerified: identity.phoneNumberVerified,
  };
}
