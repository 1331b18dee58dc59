import { MAX_INVITE_EMAILS, type TeamRole } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import {
  addressStatuses,
  inviteRoles,
  isEmail,
  licenceCountProblem,
  licencesShortOf,
  licencesToBuy,
  organizationProblems,
  parseAddresses,
  personActions,
  seatsAfter,
  seatsLine,
} from './team-model.ts';

describe('parseAddresses', () => {
  it('splits on commas, semicolons, spaces and new lines, lower-cases and keeps each address once', () => {
    const parsed = parseAddresses(
      'Jane@Example.com, sam@example.com;alex@example.org\n\n  kim@example.net  jane@example.com',
    );
    expect(parsed.valid).toEqual(['jane@example.com', 'sam@example.com', 'alex@example.org', 'kim@example.net']);
    expect(parsed.duplicates).toEqual(['jane@example.com']);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.tooMany).toBe(false);
  });

  it('reads "Name <address>" as mail clients paste it, and mailto: links', () => {
    const parsed = parseAddresses('Jane Doe <jane@example.com>, "Sam Roe" <SAM@example.com>\nmailto:alex@example.org');
    expect(parsed.valid).toEqual(['jane@example.com', 'sam@example.com', 'alex@example.org']);
    expect(parsed.invalid).toEqual([]);
  });

  it('names what is not an address, as typed', () => {
    const parsed = parseAddresses('jane@example.com, not-an-address, bob@, @example.com, a@b');
    expect(parsed.valid).toEqual(['jane@example.com']);
    expect(parsed.invalid).toEqual(['not-an-address', 'bob@', '@example.com', 'a@b']);
  });

  it('finds nothing in blank text', () => {
    expect(parseAddresses(' \n, ;')).toEqual({ valid: [], invalid: [], duplicates: [], tooMany: false });
  });

  it('says when more addresses than one invite may name are pasted', () => {
    const many = Array.from({ length: MAX_INVITE_EMAILS + 1 }, (_, i) => `p${i}@example.com`).join('\n');
    expect(parseAddresses(many).tooMany).toBe(true);
  });
});

describe('isEmail', () => {
  it('takes common addresses and refuses broken ones', () => {
    expect(isEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isEmail('a..b@example.com')).toBe(false);
    expect(isEmail('a@example')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});

describe('addressStatuses', () => {
  it('marks addresses already in the team or invited, the rest to invite', () => {
    const people = [
      { email: 'Owner@example.com', role: 'owner' as TeamRole },
      { email: 'sam@example.com', role: 'invitee' as TeamRole },
      { email: null, role: 'member' as TeamRole },
    ];
    expect(addressStatuses(['owner@example.com', 'sam@example.com', 'new@example.com'], people)).toEqual([
      { email: 'owner@example.com', status: 'member' },
      { email: 'sam@example.com', status: 'invited' },
      { email: 'new@example.com', status: 'new' },
    ]);
  });
});

describe('personActions', () => {
  const owner = { role: 'owner' as TeamRole, userId: 'o' };
  const admin = { role: 'admin' as TeamRole, userId: 'a' };
  const member = { role: 'member' as TeamRole, userId: 'm' };

  it('lets nobody act on the owner', () => {
    for (const viewer of [owner, admin, member])
      expect(personActions(viewer, { role: 'owner', userId: 'o' })).toEqual({
        remove: false,
        roles: [],
        transfer: false,
        leave: false,
      });
  });

  it('lets the owner change, remove and make owner admins and members', () => {
    expect(personActions(owner, { role: 'admin', userId: 'x' })).toEqual({
      remove: true,
      roles: ['member'],
      transfer: true,
      leave: false,
    });
    expect(personActions(owner, { role: 'member', userId: 'y' })).toEqual({
      remove: true,
      roles: ['admin'],
      transfer: true,
      leave: false,
    });
  });

  it('lets an admin act on members only, never on another admin, and never transfer', () => {
    expect(personActions(admin, { role: 'member', userId: 'y' })).toEqual({
      remove: true,
      roles: ['admin'],
      transfer: false,
      leave: false,
    });
    expect(personActions(admin, { role: 'admin', userId: 'x' })).toEqual({
      remove: false,
      roles: [],
      transfer: false,
      leave: false,
    });
    expect(personActions(admin, { role: 'invitee', userId: 'i' }).remove).toBe(true);
  });

  it('lets a member act on nobody but leave themselves; the owner cannot leave', () => {
    expect(personActions(member, { role: 'member', userId: 'y' })).toEqual({
      remove: false,
      roles: [],
      transfer: false,
      leave: false,
    });
    expect(personActions(member, { role: 'member', userId: 'm' }).leave).toBe(true);
    expect(personActions(admin, { role: 'admin', userId: 'a' }).leave).toBe(true);
    expect(personActions(owner, { role: 'owner', userId: 'o' }).leave).toBe(false);
    expect(personActions({ role: null, userId: 'z' }, { role: 'member', userId: 'y' }).remove).toBe(false);
  });
});

describe('inviteRoles', () => {
  it('offers admin and member to the owner and admins, nothing to members', () => {
    expect(inviteRoles('owner')).toEqual(['member', 'admin']);
    expect(inviteRoles('admin')).toEqual(['member', 'admin']);
    expect(inviteRoles('member')).toEqual([]);
    expect(inviteRoles(null)).toEqual([]);
  });
});

describe('seats', () => {
  it('says how many are used and left, and how many licences an invite misses', () => {
    expect(seatsLine({ licenseCount: 3, seatsUsed: 2, seatsLeft: 1 })).toBe('2 of 3 seats used · 1 left');
    expect(seatsLine({ licenseCount: 1, seatsUsed: 1, seatsLeft: 0 })).toBe('1 of 1 seat used · none left');
    expect(seatsAfter({ licenseCount: 3, seatsUsed: 2, seatsLeft: 1 }, 1)).toEqual({ fits: true, short: 0 });
    expect(seatsAfter({ licenseCount: 3, seatsUsed: 2, seatsLeft: 1 }, 3)).toEqual({ fits: false, short: 2 });
    expect(licencesToBuy(3, 2, 500)).toBe(5);
    expect(licencesToBuy(499, 4, 500)).toBe(500);
  });
});

describe('licencesShortOf', () => {
  const conflict = (details: unknown) => ({
    status: 409,
    data: { message: 'The team has 3 licences and 3 seats taken…', code: 'conflict', details },
  });

  it('reads the server’s 409 past the licences', () => {
    const short = licencesShortOf(
      conflict({
        licenseCount: 3,
        seatsUsed: 3,
        requested: 1,
        licencesNeeded: 1,
        oneMoreLicense: { interval: 'yearly', amount: 28_800, currency: 'usd' },
      }),
    );
    expect(short).toEqual({
      message: 'The team has 3 licences and 3 seats taken…',
      licenseCount: 3,
      licencesNeeded: 1,
      oneMoreLicense: { interval: 'yearly', amount: 28_800, currency: 'usd' },
    });
  });

  it('ignores other failures', () => {
    expect(licencesShortOf(conflict(undefined))).toBeNull();
    expect(licencesShortOf({ status: 403, data: { message: 'no', code: 'forbidden' } })).toBeNull();
    expect(licencesShortOf({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
    expect(licencesShortOf(undefined)).toBeNull();
  });
});

describe('forms', () => {
  it('checks a licence count against the seats used and the limit', () => {
    expect(licenceCountProblem('3', 1)).toBeNull();
    expect(licenceCountProblem('', 1)).toBe('Enter a whole number of licences.');
    expect(licenceCountProblem('2.5', 1)).toBe('Enter a whole number of licences.');
    expect(licenceCountProblem('0', 1)).toBe('At least 1 licence.');
    expect(licenceCountProblem('2', 3)).toBe('At least 3 licences: one for each seat taken.');
    expect(licenceCountProblem('501', 1, 500)).toBe('At most 500 licences online.');
  });

  it('asks for an organization name and a billing email', () => {
    expect(organizationProblems({ name: ' Acme ', billingEmail: 'Billing@Acme.com ' })).toEqual({});
    expect(organizationProblems({ name: '  ', billingEmail: '' })).toEqual({
      name: 'Name the organization.',
      billingEmail: 'Enter the address invoices go to.',
    });
    expect(organizationProblems({ name: 'x'.repeat(101), billingEmail: 'nope' })).toEqual({
      name: 'At most 100 characters.',
      billingEmail: 'This is not an email address.',
    });
  });
});
