/**
 * Teams (SPEC §3 team role, §6 roles): who may do what in an organization, how seats count against
 * licences, and what a member gets from the team's plan. Pure rules, written down in docs/teams.md; the server
 * enforces them and the web shows what they allow.
 */
import { MAX_TEAM_LICENSES } from './billing.ts';
import type { AccountFeatures } from './plans.ts';
import { BOOLEAN_ACCOUNT_FEATURES, UNLIMITED_LIST_LIMIT } from './plans.ts';

/** SPEC §3 team role. `invitee` is someone with a pending invite: not a member until they accept. */
export const TEAM_ROLES = ['owner', 'admin', 'member', 'invitee'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles a member holds (an invitee is not a member yet). */
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const satisfies readonly TeamRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles an invite may give: ownership is only ever transferred, never given by an invite. */
export const INVITE_ROLES = ['admin', 'member'] as const satisfies readonly MemberRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = 'member';

/** An invite's life: pending until the invitee accepts or declines, or an owner or admin takes it back. */
export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** SPEC §7 invite response values (SPEC does not show them): accept or decline. */
export const INVITE_RESPONSES = ['accept', 'decline'] as const;
export type InviteResponse = (typeof INVITE_RESPONSES)[number];

/** An organization's name, as people type it. */
export const MAX_ORGANIZATION_NAME_LENGTH = 100;
/** Addresses one invites call may name (each list): a team never has more seats than licences. */
export const MAX_INVITE_EMAILS = MAX_TEAM_LICENSES;

/** owner > admin > member > invitee. */
export const TEAM_ROLE_RANK: Readonly<Record<TeamRole, number>> = { owner: 3, admin: 2, member: 1, invitee: 0 };

/**
 * What a caller does in a team:
 * - read: see the team (organization, members and invites, subscription summary, licence prices);
 * - update: change the organization's name, billing email or plan;
 * - billing: payment setup and cards, subscribe or cancel, buy licences, see the team's charges;
 * - invite: invite an address with the role named as target (admin or member);
 * - uninvite: take back a pending invite;
 * - remove: remove a member or invitee whose role is the target;
 * - changeRole: change the role of a member whose current role is the target;
 * - assign: give the role named as target (with changeRole: the new role);
 * - transfer: make the member whose role is the target the owner (the owner becomes an admin);
 * - leave: remove oneself.
 */
export const TEAM_ACTIONS = [
  'read',
  'update',
  'billing',
  'invite',
  'uninvite',
  'remove',
  'changeRole',
  'assign',
  'transfer',
  'leave',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

const rank = (role: TeamRole) => TEAM_ROLE_RANK[role];
const isMember = (role: TeamRole | null): role is MemberRole => role !== null && role !== 'invitee';

/**
 * Whether `role` (null: no role in this team) may do `action`, on a target of `targetRole` where the action has
 * one. The rules (docs/teams.md):
 * - nobody acts on the owner: the owner is never removed, demoted or uninvited; ownership only moves by transfer;
 * - the owner does everything, billing and transfer of ownership included;
 * - an admin invites (as admin or member), takes back invites, removes members and invitees, and changes the
 *   role of members (so may promote a member to admin); an admin never removes or demotes another admin;
 * - a member reads the team; admins and members may leave it; an invitee only answers the invite.
 */
export function can(role: TeamRole | null, action: TeamAction, targetRole?: TeamRole): boolean {
  if (!isMember(role)) return false;
  switch (action) {
    case 'read':
      return true;
    case 'update':
    case 'billing':
      return role === 'owner';
    case 'transfer':
      return role === 'owner' && (targetRole === 'admin' || targetRole === 'member');
    case 'leave':
      return role !== 'owner';
    case 'uninvite':
      return rank(role) >= rank('admin');
    case 'invite':
    case 'assign':
      // Up to one's own rank, never owner (an invite or a role change gives admin or member).
      return (
        rank(role) >= rank('admin') &&
        (targetRole === 'admin' || targetRole === 'member') &&
        rank(targetRole) <= rank(role)
      );
    case 'remove':
    case 'changeRole':
      // Only those strictly below: the owner acts on admins and members, an admin on members (and invitees).
      if (targetRole === undefined || targetRole === 'owner') return false;
      if (action === 'changeRole' && targetRole === 'invitee') return false;
      return rank(role) >= rank('admin') && rank(targetRole) < rank(role);
  }
}

/** Seats are members (the owner included) and pending invites. */
export interface Seats {
  licenseCount: number;
  members: number;
  pendingInvites: number;
}

export function seatsUsed(seats: Seats): number {
  return seats.members + seats.pendingInvites;
}

/** How many more people can be invited without buying licences. */
export function seatsLeft(seats: Seats): number {
  return Math.max(0, seats.licenseCount - seatsUsed(seats));
}

/** Licences a team must buy to add `adding` seats (0 when it has room). */
export function licencesShort(seats: Seats, adding: number): number {
  return Math.max(0, seatsUsed(seats) + adding - seats.licenseCount);
}

/**
 * What a member has: the better of their own plan's features and the team's (a paying member of a team keeps what
 * they pay for; a free member gets the team plan's while a member).
 */
export function bestFeatures(own: AccountFeatures, team: AccountFeatures | null): AccountFeatures {
  if (!team) return own;
  const merged = { ...own };
  for (const feature of BOOLEAN_ACCOUNT_FEATURES) merged[feature] = own[feature] || team[feature];
  merged.subscriptionType = own.subscriptionType === 'paid' || team.subscriptionType === 'paid' ? 'paid' : 'free';
  merged.listLimit =
    own.listLimit === UNLIMITED_LIST_LIMIT || team.listLimit === UNLIMITED_LIST_LIMIT
      ? UNLIMITED_LIST_LIMIT
      : Math.max(own.listLimit, team.listLimit);
  return merged;
}
