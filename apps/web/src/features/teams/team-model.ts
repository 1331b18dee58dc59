/**
 * The rules of the team screens that need no screen: addresses pasted in bulk, what the viewer may do
 * to each person (the domain's `can`; the server enforces the same), the words of roles, seats and licences, and
 * the 409 of an invite past the licences. Pure TypeScript.
 */
import {
  type BillingInterval,
  can,
  formatCents,
  INVITE_ROLES,
  type InviteRole,
  MAX_INVITE_EMAILS,
  MAX_ORGANIZATION_NAME_LENGTH,
  MEMBER_ROLES,
  type MemberRole,
  type TeamRole,
} from '@eh/domain';
import { type ApiError, errorStatus } from '../../shared/api.ts';

/** The address parameter of the invite email's link (/team?invite=token). */
export const INVITE_PARAM = 'invite';

export const ROLE_WORDS: Readonly<Record<TeamRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  invitee: 'Invited',
};

/** What each role may do, in a line (docs/teams.md). */
export const ROLE_NOTES: Readonly<Record<TeamRole, string>> = {
  owner: 'Everything, billing and ownership included',
  admin: 'Invites people, removes members, changes members’ roles',
  member: 'Uses the team plan and sees the team',
  invitee: 'Has not answered the invite yet',
};

const UNIT: Readonly<Record<BillingInterval, string>> = { monthly: 'month', yearly: 'year' };

export const licences = (count: number) => `${count} ${count === 1 ? 'licence' : 'licences'}`;
export const seatWord = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;
export const perInterval = (cents: number, currency: string, interval: BillingInterval) =>
  `${formatCents(cents, currency)} / ${UNIT[interval]}`;

// ---- addresses pasted in bulk -----------------------------------------------------------------------------------

/** An address as the server accepts it (the contract's z.email, in the common shape), lower case. */
const EMAIL = /^[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const MAX_EMAIL_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value) && !value.includes('..');
}

export interface ParsedAddresses {
  /** Addresses to invite, lower case, each once, in the order pasted. */
  valid: string[];
  /** What was pasted that is not an address, as typed. */
  invalid: string[];
  /** Addresses pasted more than once (counted once). */
  duplicates: string[];
  /** More addresses than one invite may name. */
  tooMany: boolean;
}

/**
 * Addresses separated by commas, semicolons, spaces or new lines, as people paste them from a sheet or a mail
 * client: `Jane Doe <jane@example.com>` counts as jane's address (the name around it is dropped).
 */
export function parseAddresses(text: string): ParsedAddresses {
  const tokens: string[] = [];
  for (const part of text.split(/[,;\n\r]+/)) {
    const bracketed = [...part.matchAll(/<([^<>]*)>/g)].map((match) => (match[1] ?? '').trim());
    if (bracketed.length > 0) tokens.push(...bracketed.filter(Boolean));
    else tokens.push(...part.split(/\s+/).filter(Boolean));
  }
  const valid: string[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    const cleaned = token.replace(/^mailto:/i, '').replace(/^["'(]+|["'.)]+$/g, '');
    const email = cleaned.toLowerCase();
    if (!isEmail(email)) {
      if (!invalid.includes(token)) invalid.push(token);
    } else if (seen.has(email)) {
      if (!duplicates.includes(email)) duplicates.push(email);
    } else {
      seen.add(email);
      valid.push(email);
    }
  }
  return { valid, invalid, duplicates, tooMany: valid.length > MAX_INVITE_EMAILS };
}

export type AddressStatus = 'new' | 'member' | 'invited';

/** Each pasted address against the team as the page knows it: already a member, already invited, or to invite. */
export function addressStatuses(
  emails: readonly string[],
  people: readonly { email: string | null; role: TeamRole }[],
): { email: string; status: AddressStatus }[] {
  const known = new Map<string, TeamRole>();
  for (const person of people) if (person.email) known.set(person.email.toLowerCase(), person.role);
  return emails.map((email) => {
    const role = known.get(email);
    return { email, status: role === undefined ? 'new' : role === 'invitee' ? 'invited' : 'member' };
  });
}

export const SKIP_WORDS = {
  alreadyMember: 'already in the team',
  alreadyInvited: 'already invited',
  notInvited: 'had no invite to take back',
} as const;

// ---- what the viewer may do -------------------------------------------------------------------------------------

export interface PersonActions {
  /** Remove a member, or take back an invitee's invite. */
  remove: boolean;
  /** The roles the viewer may give this member (their own role excluded); empty: the role cannot change here. */
  roles: MemberRole[];
  /** Make this member the owner (the owner only, with a confirmation). */
  transfer: boolean;
  /** This is the viewer, and they may leave the team. */
  leave: boolean;
}

const NONE: PersonActions = { remove: false, roles: [], transfer: false, leave: false };

/**
 * What `viewer` (their role and id) may do to `person`, by the domain's rules: nobody acts on the owner; the owner
 * acts on admins and members; an admin on members and invitees; a member on nobody; anyone but the owner may leave.
 */
export function personActions(
  viewer: { role: TeamRole | null; userId: string | null },
  person: { role: TeamRole; userId: string | null },
): PersonActions {
  const { role } = viewer;
  if (!role || person.role === 'owner') return NONE;
  if (person.userId !== null && person.userId === viewer.userId)
    return { ...NONE, leave: person.role !== 'invitee' && can(role, 'leave') };
  if (person.role === 'invitee') return { ...NONE, remove: can(role, 'uninvite') && can(role, 'remove', 'invitee') };
  const current = person.role;
  const roles = can(role, 'changeRole', current)
    ? MEMBER_ROLES.filter(
        (next): next is InviteRole => next !== 'owner' && next !== current && can(role, 'assign', next),
      )
    : [];
  return {
    remove: can(role, 'remove', current),
    roles,
    transfer: can(role, 'transfer', current),
    leave: false,
  };
}

/** The roles the viewer may give by invite (admin only for the owner or an admin), member first. */
export function inviteRoles(role: TeamRole | null): InviteRole[] {
  return [...INVITE_ROLES].reverse().filter((next) => can(role, 'invite', next));
}

// ---- seats and the 409 past the licences ------------------------------------------------------------------------

export interface SeatCounts {
  licenseCount: number;
  seatsUsed: number;
  seatsLeft: number;
}

/** "2 of 3 seats used · 1 left" */
export function seatsLine(seats: SeatCounts): string {
  const left = seats.seatsLeft === 0 ? 'none left' : `${seats.seatsLeft} left`;
  return `${seats.seatsUsed} of ${seatWord(seats.licenseCount)} used · ${left}`;
}

/** What inviting `count` more people does to the seats: fits, or how many licences are missing. */
export function seatsAfter(seats: SeatCounts, count: number): { fits: boolean; short: number } {
  const short = Math.max(0, seats.seatsUsed + count - seats.licenseCount);
  return { fits: short === 0, short };
}

export interface LicencesShort {
  message: string;
  licenseCount: number;
  licencesNeeded: number;
  oneMoreLicense: { interval: BillingInterval; amount: number; currency: string } | null;
}

/** The server's 409 of an invite past the licences (its message, and in `details` how many are missing). */
export function licencesShortOf(error: ApiError | undefined | null): LicencesShort | null {
  if (!error || errorStatus(error) !== 409 || !('data' in error)) return null;
  const data = error.data as { message?: unknown; details?: unknown } | undefined;
  const details = data?.details as Partial<LicencesShort> | undefined;
  if (typeof data?.message !== 'string' || typeof details?.licencesNeeded !== 'number') return null;
  return {
    message: data.message,
    licenseCount: typeof details.licenseCount === 'number' ? details.licenseCount : 0,
    licencesNeeded: details.licencesNeeded,
    oneMoreLicense: details.oneMoreLicense ?? null,
  };
}

/** The licence count a team must reach to add `short` seats, within the licence limits. */
export function licencesToBuy(current: number, short: number, max: number): number {
  return Math.min(max, current + Math.max(1, short));
}

// ---- forms ------------------------------------------------------------------------------------------------------

/** Why a typed licence count cannot be bought: not a whole number, below the seats used, above the limit. */
export function licenceCountProblem(value: string, minimum: number, maximum = Number.POSITIVE_INFINITY): string | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number of licences.';
  const count = Number(trimmed);
  if (count < minimum)
    return minimum === 1 ? 'At least 1 licence.' : `At least ${licences(minimum)}: one for each seat taken.`;
  if (count > maximum) return `At most ${licences(maximum)} online.`;
  return null;
}

export interface OrganizationInput {
  name: string;
  billingEmail: string;
}

export type OrganizationProblems = Partial<Record<keyof OrganizationInput, string>>;

/** The contract's rules on the client: a name (at most 100 characters) and a billing email. */
export function organizationProblems(input: OrganizationInput): OrganizationProblems {
  const problems: OrganizationProblems = {};
  const name = input.name.trim();
  if (!name) problems.name = 'Name the organization.';
  else if (name.length > MAX_ORGANIZATION_NAME_LENGTH)
    problems.name = `At most ${MAX_ORGANIZATION_NAME_LENGTH} characters.`;
  const email = input.billingEmail.trim().toLowerCase();
  if (!email) problems.billingEmail = 'Enter the address invoices go to.';
  else if (!isEmail(email)) problems.billingEmail = 'This is not an email address.';
  return problems;
}
