/**
 * Teams (SPEC §7 Organizations): organizations, members with roles, invites by email and the seats they
 * take. Every call checks the caller's role with the domain's `can` (docs/teams.md); seats never exceed licences
 * (checked under a lock on the organization row, so parallel invites cannot overshoot).
 */
import { randomBytes } from 'node:crypto';
import type { InviteView, MyOrganizationView, OrganizationView, TeamUserView } from '@eh/contracts';
import { ErrorCode } from '@eh/contracts';
import {
  type BillingInterval,
  can,
  DEFAULT_APP,
  DEFAULT_PRICE_TYPE,
  formatCents,
  type InviteResponse,
  type InviteRole,
  type InviteStatus,
  licencesShort,
  type MemberRole,
  type Seats,
  seatsLeft,
  seatsUsed,
  TEAM_PLAN,
  type TeamAction,
  type TeamRole,
} from '@eh/domain';
import { adminCreateUser } from '../../idp/challenges.ts';
import { CognitoError } from '../../idp/errors.ts';
import type { IdpContext } from '../../idp/flow.ts';
import { findUser } from '../../idp/queries.ts';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { forbidden, HttpError, notFound } from '../../kernel/http/errors.ts';
import { queueMessage } from '../../kernel/outbox.ts';
import { activePrice, latestSubscription, live } from '../billing/index.ts';
import { sendAccountMail } from '../notifications/index.ts';
import { ensureUser } from '../users/index.ts';
import { inviteEmail } from './invite-email.ts';
import * as q from './queries.ts';

export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, ErrorCode.conflict, message, details);

const ONE_OWNER = 'A team always has one owner: make another member the owner first (POST the member with role owner).';

// ---- access ------------------------------------------------------------------------------------------------------

export interface Access {
  org: q.OrganizationRow;
  role: TeamRole;
}

/**
 * The caller's role in an organization: a member's role, or `invitee` with a pending invite. Anyone else (a
 * stranger, another team's owner) gets the same 404 as for an organization that does not exist.
 */
export async function access(ctx: AppContext, orgId: string, caller: Caller): Promise<Access> {
  const missing = () => notFound(`Organization ${orgId} does not exist.`);
  const org = await q.organizationById(ctx.db, orgId);
  if (!org) throw missing();
  const member = await q.memberOf(ctx.db, { organizationId: org.id, userId: caller.sub });
  if (member) return { org, role: member.role };
  if (await q.pendingInviteOf(ctx.db, { organizationId: org.id, userId: caller.sub })) return { org, role: 'invitee' };
  throw missing();
}

const WHO_MAY: Record<TeamAction, string> = {
  read: 'Only the team’s members can see it: accept the invite first.',
  update: 'Only the team’s owner can change the organization.',
  billing: 'Only the team’s owner manages its billing.',
  invite: 'Only the team’s owner and admins can invite, and an invite gives admin or member.',
  uninvite: 'Only the team’s owner and admins can take back invites.',
  remove: 'Only the owner removes admins; admins remove members and invitees.',
  changeRole: 'Only the owner changes an admin’s role; admins change members’ roles.',
  assign: 'An admin can make a member an admin or a member; only the owner gives other roles.',
  transfer: 'Only the owner can transfer ownership, to a member or an admin of the team.',
  leave: 'The owner cannot leave the team: make another member the owner first.',
};

/** The 403 of docs/teams.md's rules when `role` may not do `action` (on `target`). */
export function requireCan(role: TeamRole, action: TeamAction, target?: TeamRole) {
  if (!can(role, action, target)) throw forbidden(WHO_MAY[action]);
}

// ---- views -------------------------------------------------------------------------------------------------------

export function seatsView(licenseCount: number, counts: { members: number; pendingInvites: number }) {
  const seats: Seats = { licenseCount, ...counts };
  return { ...seats, seatsUsed: seatsUsed(seats), seatsLeft: seatsLeft(seats) };
}

async function seatsOf(ctx: AppContext, org: q.OrganizationRow) {
  return seatsView(org.licenseCount, await q.seatCounts(ctx.db, org.id));
}

async function organizationView(ctx: AppContext, org: q.OrganizationRow): Promise<OrganizationView> {
  return {
    id: org.id,
    name: org.name,
    billingEmail: org.billingEmail,
    subscriptionPlanId: org.subscriptionPlanId,
    ownerId: org.ownerId,
    seats: await seatsOf(ctx, org),
    createdAt: org.createdAt.toISOString(),
  };
}

function inviteView(row: q.InviteRow): InviteView {
  return {
    id: row.id,
    email: row.email,
    userId: row.userId,
    role: row.role,
    status: row.status,
    invitedBy: row.invitedBy,
    newAccount: row.newAccount,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  };
}

/** GET /core/users/me/organization: the member's team and role, else the newest invite's team as `invitee`. */
export async function mine(ctx: AppContext, caller: Caller): Promise<MyOrganizationView> {
  const [membership, pending] = await Promise.all([
    q.membershipOf(ctx.db, caller.sub),
    q.pendingInvitesOfUser(ctx.db, caller.sub),
  ]);
  const invites = pending.map(({ invite, organizationName, invitedByEmail }) => ({
    id: invite.id,
    organizationId: invite.organizationId,
    organizationName,
    role: invite.role,
    invitedByEmail,
    token: invite.token,
    createdAt: invite.createdAt.toISOString(),
  }));
  if (membership)
    return {
      organization: await organizationView(ctx, membership.organization),
      role: membership.member.role,
      invites,
    };
  const newest = pending[0];
  const invited = newest ? await q.organizationById(ctx.db, newest.invite.organizationId) : undefined;
  if (!invited) return { organization: null, role: null, invites };
  return { organization: await organizationView(ctx, invited), role: 'invitee', invites };
}

export async function usersOf(ctx: AppContext, org: q.OrganizationRow) {
  const [members, pending] = await Promise.all([q.membersOf(ctx.db, org.id), q.pendingInvitesOf(ctx.db, org.id)]);
  const users: TeamUserView[] = [
    ...members.map((m) => ({
      userId: m.userId,
      email: m.email,
      name: m.name,
      role: m.role,
      inviteId: null,
      joinedAt: m.joinedAt.toISOString(),
      invitedAt: null,
    })),
    ...pending.map(({ invite, name }) => ({
      userId: invite.userId,
      email: invite.email,
      name,
      role: 'invitee' as const,
      inviteId: invite.id,
      joinedAt: null,
      invitedAt: invite.createdAt.toISOString(),
    })),
  ];
  return { users, seats: seatsView(org.licenseCount, { members: members.length, pendingInvites: pending.length }) };
}

// ---- organization ------------------------------------------------------------------------------------------------

/** POST /core/organizations: the caller owns a new team (one licence: their own seat, until it subscribes). */
export async function create(
  ctx: AppContext,
  caller: Caller,
  body: { name: string; subscriptionPlanId: string; billingEmail: string },
) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const taken = () => conflict('You are already in a team: leave it before you create another.');
  if (await q.membershipOf(ctx.db, caller.sub)) throw taken();
  try {
    await ctx.db.transaction(async (tx) => {
      const org = await q.insertOrganization(tx, {
        name: body.name,
        billingEmail: body.billingEmail,
        ownerId: caller.sub,
        subscriptionPlanId: body.subscriptionPlanId,
        licenseCount: 1,
      });
      await q.insertMember(tx, { organizationId: org.id, userId: caller.sub, role: 'owner' });
    });
  } catch (error) {
    // Two creates at once: the one-organization-per-user index keeps the first.
    if (q.isUniqueViolation(error)) throw taken();
    throw error;
  }
  return mine(ctx, caller);
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  orgId: string,
  body: { name?: string | undefined; billingEmail?: string | undefined; subscriptionPlanId?: string | undefined },
) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'update');
  const set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  await q.updateOrganization(ctx.db, org.id, set);
  const updated = await q.organizationById(ctx.db, org.id);
  if (!updated) throw notFound(`Organization ${orgId} does not exist.`);
  return organizationView(ctx, updated);
}

export async function users(ctx: AppContext, caller: Caller, orgId: string) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  return usersOf(ctx, org);
}

export async function invites(
  ctx: AppContext,
  caller: Caller,
  orgId: string,
  query: { email?: string | undefined; status?: InviteStatus | undefined },
) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  const rows = await q.invitesOf(ctx.db, {
    organizationId: org.id,
    ...(query.email !== undefined ? { email: query.email } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
  });
  return { invites: rows.map(inviteView) };
}

// ---- seats and licences ------------------------------------------------------------------------------------------

const PERIOD_WORDS: Record<BillingInterval, string> = { monthly: 'a month', yearly: 'a year' };

/** One more licence at the team's interval (its live subscription's, else the default), or null without a price. */
export async function oneMoreLicense(ctx: AppContext, orgId: string) {
  const current = await latestTeamSubscription(ctx, orgId);
  const interval = live(current) ? current.interval : DEFAULT_PRICE_TYPE;
  const price = await activePrice(ctx.db, { app: DEFAULT_APP, plan: TEAM_PLAN, interval });
  return price ? { interval, amount: price.amount, currency: price.currency } : null;
}

function latestTeamSubscription(ctx: AppContext, orgId: string) {
  return latestSubscription(ctx.db, { organizationId: orgId });
}

/** The 409 of an invite past the licences: how many are short and what one more costs. */
function tooFewLicences(seats: Seats, requested: number, price: Awaited<ReturnType<typeof oneMoreLicense>>): HttpError {
  const short = licencesShort(seats, requested);
  const used = seatsUsed(seats);
  const cost = price
    ? ` One more licence costs ${formatCents(price.amount, price.currency)} ${PERIOD_WORDS[price.interval]}.`
    : '';
  const message =
    `The team has ${seats.licenseCount} ${seats.licenseCount === 1 ? 'licence' : 'licences'} and ${used} ` +
    `${used === 1 ? 'seat' : 'seats'} taken: inviting ${requested} more needs ${short} more ` +
    `${short === 1 ? 'licence' : 'licences'}.${cost}`;
  return conflict(message, {
    licenseCount: seats.licenseCount,
    seatsUsed: used,
    requested,
    licencesNeeded: short,
    oneMoreLicense: price,
  });
}

// ---- invites -----------------------------------------------------------------------------------------------------

const unique = (emails: string[]) => [...new Set(emails)];
const inviteToken = () => randomBytes(24).toString('base64url');

/**
 * POST /core/organizations/{orgId}/invites: takes back `removeEmails`' pending invites, then invites
 * `inviteEmails` (skipping members and pending ones) in one transaction with the organization row locked, so the
 * seats are counted once and parallel calls cannot overshoot the licences. After it commits, a new address gets an
 * account from the identity provider (admin create: temporary password, NEW_PASSWORD_REQUIRED at first sign-in) and
 * every invited address an email.
 */
export async function invite(
  ctx: AppContext,
  identity: () => Promise<IdpContext>,
  caller: Caller,
  orgId: string,
  body: { inviteEmails: string[]; removeEmails: string[]; role: InviteRole },
) {
  const { org, role } = await access(ctx, orgId, caller);
  const toInvite = unique(body.inviteEmails);
  const toRemove = unique(body.removeEmails);
  if (toInvite.length > 0) requireCan(role, 'invite', body.role);
  if (toRemove.length > 0) requireCan(role, 'uninvite', 'invitee');

  // Accounts the addresses have already, from the identity provider (outside the transaction: its own tables).
  const idp = toInvite.length > 0 ? await identity() : null;
  const accounts = new Map<string, string>();
  for (const email of toInvite) {
    const account = idp ? await findUser(idp.db, { login: email }) : undefined;
    if (account) {
      await ensureUser(ctx.db, { id: account.sub, email });
      accounts.set(email, account.sub);
    }
  }
  const price = toInvite.length > 0 ? await oneMoreLicense(ctx, org.id) : null;

  const result = await ctx.db.transaction(async (tx) => {
    const locked = await q.lockOrganization(tx, org.id);
    if (!locked) throw notFound(`Organization ${orgId} does not exist.`);
    const removed = await q.revokeInvites(tx, { organizationId: org.id, emails: toRemove });
    const skipped: { email: string; reason: 'alreadyMember' | 'alreadyInvited' | 'notInvited' }[] = toRemove
      .filter((email) => !removed.includes(email))
      .map((email) => ({ email, reason: 'notInvited' as const }));
    const members = await q.memberIdentities(tx, org.id);
    const memberIds = new Set(members.map((m) => m.userId));
    const memberEmails = new Set(members.map((m) => m.email?.toLowerCase()));
    const pending = await q.pendingEmails(tx, org.id);
    const fresh: string[] = [];
    for (const email of toInvite) {
      const account = accounts.get(email);
      if (memberEmails.has(email) || (account && memberIds.has(account)))
        skipped.push({ email, reason: 'alreadyMember' });
      else if (pending.has(email)) skipped.push({ email, reason: 'alreadyInvited' });
      else fresh.push(email);
    }
    const seats: Seats = { licenseCount: locked.licenseCount, ...(await q.seatCounts(tx, org.id)) };
    if (licencesShort(seats, fresh.length) > 0) throw tooFewLicences(seats, fresh.length, price);
    const rows = await q.insertInvites(
      tx,
      fresh.map((email) => ({
        organizationId: org.id,
        email,
        userId: accounts.get(email) ?? null,
        role: body.role,
        invitedBy: caller.sub,
        token: inviteToken(),
      })),
    );
    return { rows, removed, skipped, licenseCount: locked.licenseCount };
  });

  const inviter = caller.email;
  const publicUrl = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  const invited: InviteView[] = [];
  for (const row of result.rows) {
    let current = row;
    let temporaryPassword: string | null = null;
    if (!row.userId && idp) {
      const made = await accountFor(ctx, idp, row.email);
      temporaryPassword = made.temporaryPassword;
      await q.setInviteAccount(ctx.db, { id: row.id, userId: made.sub, newAccount: made.temporaryPassword !== null });
      current = { ...row, userId: made.sub, newAccount: made.temporaryPassword !== null };
    }
    await queueMessage(
      ctx.db,
      ctx.config,
      inviteEmail({
        appName: ctx.config.APP_NAME,
        publicUrl,
        to: row.email,
        organizationName: org.name,
        role: row.role,
        invitedBy: inviter,
        token: row.token,
        temporaryPassword,
      }),
    );
    invited.push(inviteView(current));
  }
  return {
    invited,
    removed: result.removed,
    skipped: result.skipped,
    seats: seatsView(result.licenseCount, await q.seatCounts(ctx.db, org.id)),
  };
}

/**
 * The account of a new address: made by the identity provider's admin create, its message suppressed (the invite
 * email carries the temporary password). An address that got an account meanwhile (another team invited it at the
 * same moment) keeps that one, and this email has no password.
 */
async function accountFor(ctx: AppContext, idp: IdpContext, email: string) {
  let made: { sub: string; temporaryPassword: string | null };
  try {
    made = await adminCreateUser(idp, { email, messageAction: 'SUPPRESS' });
  } catch (error) {
    if (!(error instanceof CognitoError) || error.type !== 'UsernameExistsException') throw error;
    const existing = await findUser(idp.db, { login: email });
    if (!existing) throw error;
    made = { sub: existing.sub, temporaryPassword: null };
  }
  await ensureUser(ctx.db, { id: made.sub, email });
  return made;
}

/**
 * POST /core/users/me/organization/invite/response: the caller's invite (by token, by organization, else the
 * newest) accepted (the caller becomes a member with the invite's role; someone in another team leaves it first)
 * or declined (the seat is free again).
 */
export async function respond(
  ctx: AppContext,
  caller: Caller,
  body: { response: InviteResponse; organizationId?: string | undefined; token?: string | undefined },
) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const pending = await q.pendingInvitesOfUser(ctx.db, caller.sub);
  const chosen =
    body.token !== undefined
      ? pending.find(({ invite }) => invite.token === body.token)
      : body.organizationId !== undefined
        ? pending.find(({ invite }) => invite.organizationId === body.organizationId)
        : pending[0];
  if (!chosen) {
    if (body.token !== undefined) throw notFound('None of your pending invites has this token.');
    if (body.organizationId !== undefined)
      throw notFound(`You have no pending invite to organization ${body.organizationId}.`);
    throw notFound('You have no pending invite.');
  }
  const { invite } = chosen;
  const answered = () => conflict('This invite has been answered or taken back already.');
  if (body.response === 'decline') {
    if (!(await q.closeInvite(ctx.db, { id: invite.id, status: 'declined' }))) throw answered();
    return mine(ctx, caller);
  }
  const elsewhere = await q.membershipOf(ctx.db, caller.sub);
  if (elsewhere)
    throw conflict(
      `You are a member of the team ${elsewhere.organization.name}: leave it before you join ${chosen.organizationName}.`,
    );
  try {
    await ctx.db.transaction(async (tx) => {
      const org = await q.lockOrganization(tx, invite.organizationId);
      if (!(await q.closeInvite(tx, { id: invite.id, status: 'accepted' }))) throw answered();
      // A pending invite held its seat: accepting changes no count.
      await q.insertMember(tx, { organizationId: invite.organizationId, userId: caller.sub, role: invite.role });
      // The owner pays for the seat: told who took it, in the transaction that closed the invite (so once).
      if (org) {
        const seats: Seats = { licenseCount: org.licenseCount, ...(await q.seatCounts(tx, org.id)) };
        await sendAccountMail(
          tx,
          ctx.config,
          { userId: org.ownerId },
          {
            kind: 'inviteAccepted',
            team: org.name,
            member: invite.email,
            role: invite.role,
            seatsUsed: seatsUsed(seats),
            licences: org.licenseCount,
          },
        );
      }
    });
  } catch (error) {
    if (q.isUniqueViolation(error)) throw conflict('You joined another team meanwhile: leave it first.');
    throw error;
  }
  return mine(ctx, caller);
}

// ---- members -----------------------------------------------------------------------------------------------------

async function targetOf(ctx: AppContext, org: q.OrganizationRow, userId: string) {
  const member = await q.memberOf(ctx.db, { organizationId: org.id, userId });
  if (member) return { role: member.role as TeamRole, member, invite: undefined };
  const invite = await q.pendingInviteOf(ctx.db, { organizationId: org.id, userId });
  if (invite) return { role: 'invitee' as TeamRole, member: undefined, invite };
  throw notFound(`User ${userId} is not in this team.`);
}

/**
 * DELETE /core/organizations/{orgId}/users/{userId}: removes a member (their team features end at once) or takes
 * back an invitee's invite; anyone but the owner may remove themselves (leave).
 */
export async function removeUser(ctx: AppContext, caller: Caller, orgId: string, userId: string) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  const target = await targetOf(ctx, org, userId);
  if (userId === caller.sub) {
    if (role === 'owner') throw conflict(ONE_OWNER);
    requireCan(role, 'leave');
  } else {
    if (target.role === 'owner') throw forbidden('Nobody can remove the team’s owner.');
    requireCan(role, 'remove', target.role);
  }
  if (target.invite) await q.closeInvite(ctx.db, { id: target.invite.id, status: 'revoked' });
  else
    await ctx.db.transaction(async (tx) => {
      // Someone else removed them: told once, by the delete that took the seat (leaving needs no email).
      if ((await q.deleteMember(tx, { organizationId: org.id, userId })) && userId !== caller.sub)
        await sendAccountMail(
          tx,
          ctx.config,
          { userId },
          { kind: 'removedFromTeam', team: org.name, removedAt: new Date() },
        );
    });
  return usersOf(ctx, org);
}

/**
 * POST /core/organizations/{orgId}/users/{userId} with a role: changes a member's role within docs/teams.md's
 * rules, or with `owner` transfers ownership in one transaction (the owner becomes an admin; the team always has
 * exactly one owner).
 */
export async function changeRole(ctx: AppContext, caller: Caller, orgId: string, userId: string, next: MemberRole) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  const target = await targetOf(ctx, org, userId);
  if (!target.member)
    throw conflict(`User ${userId} has not accepted the invite yet: an invitee has no role to change.`);
  if (next === 'owner') {
    if (target.role === 'owner') {
      // Already the owner: nothing to change, but only the owner may ask, as only the owner may transfer.
      if (role !== 'owner') throw forbidden(WHO_MAY.transfer);
      return usersOf(ctx, org);
    }
    requireCan(role, 'transfer', target.role);
    await ctx.db.transaction(async (tx) => {
      const locked = await q.lockOrganization(tx, org.id);
      if (!locked || locked.ownerId !== caller.sub) throw forbidden(WHO_MAY.transfer);
      // The old owner first: at no moment are there two (the one-owner index would refuse it).
      await q.setMemberRole(tx, { organizationId: org.id, userId: caller.sub, role: 'admin' });
      await q.setMemberRole(tx, { organizationId: org.id, userId, role: 'owner' });
      await q.updateOrganization(tx, org.id, { ownerId: userId });
    });
    const moved = await q.organizationById(ctx.db, org.id);
    return usersOf(ctx, moved ?? org);
  }
  if (target.role === 'owner') {
    if (userId === caller.sub) throw conflict(ONE_OWNER);
    throw forbidden('Nobody can demote the team’s owner.');
  }
  if (userId === caller.sub) throw forbidden('You cannot change your own role: ask the owner.');
  requireCan(role, 'changeRole', target.role);
  requireCan(role, 'assign', next);
  await q.setMemberRole(ctx.db, { organizationId: org.id, userId, role: next });
  return usersOf(ctx, org);
}
