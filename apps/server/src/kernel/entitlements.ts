/**
 * Plan entitlements (SPEC §3/§4): what a caller's plan lets them see and do. The kernel only asks; the users and
 * teams side answers, through the `Entitlements` the app is assembled with (`AppContext.entitlements`), so that
 * nothing here reads the users' or teams' tables.
 */
import type { AccountFeatures, Plan } from '@eh/domain';
import { accountMemory } from './account-memory.ts';
import type { MessageBus } from './bus/index.ts';
import type { Caller } from './http/auth.ts';

/** What the functions below need of the app context (context.ts holds an `Entitlements`). */
export interface EntitledContext {
  entitlements: Entitlements;
}

export interface Entitlements {
  /**
   * The plan features of a user by id (the worker and the socket have no request): the better of their own plan's
   * and their team's; no user or an unknown one has the free ones.
   */
  ofUser(userId: string | undefined): Promise<AccountFeatures>;
  /** `ofUser` for many users at once (the delivery worker's batch), with two queries however many they are. */
  ofUsers(userIds: readonly string[]): Promise<Map<string, AccountFeatures>>;
  /**
   * What a team member gets from their team: the features of the team's newest subscription as its state machine
   * left it (active: the team plan's; delinquent, pending or canceled: none), or null outside a team.
   */
  fromTeam(userId: string): Promise<TeamGrant | null>;
}

/** A member's team: its name, its subscription's plan and the features that subscription gives now. */
export interface TeamGrant {
  organization: string;
  plan: Plan;
  features: AccountFeatures;
}

/**
 * `entitlements` with each user's features remembered by the node (account-memory.ts) for the requests and sockets
 * that ask on every call; the batch lookups and team grants still read the rows.
 */
export function rememberedEntitlements(entitlements: Entitlements, bus: MessageBus): Entitlements {
  const memory = accountMemory(bus);
  return {
    ...entitlements,
    ofUser: (userId) =>
      userId ? memory.recall('features', userId, () => entitlements.ofUser(userId)) : entitlements.ofUser(userId),
  };
}

/** The plan features of a caller; anonymous callers and unknown users have the free ones. */
export function featuresOf(ctx: EntitledContext, caller: Caller | undefined): Promise<AccountFeatures> {
  return ctx.entitlements.ofUser(caller?.sub);
}

/** The plan features of a user by id (the worker has no caller). */
export function featuresOfUser(ctx: EntitledContext, userId: string | undefined): Promise<AccountFeatures> {
  return ctx.entitlements.ofUser(userId);
}

/** The plan features of each user by id, looked up together. */
export function featuresOfUsers(
  ctx: EntitledContext,
  userIds: readonly string[],
): Promise<Map<string, AccountFeatures>> {
  return ctx.entitlements.ofUsers(userIds);
}

/** What a team member gets from their team, or null outside a team. */
export function teamOf(ctx: EntitledContext, userId: string): Promise<TeamGrant | null> {
  return ctx.entitlements.fromTeam(userId);
}
