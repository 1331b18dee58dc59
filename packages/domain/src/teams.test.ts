import { describe, expect, it } from 'vitest';
import { accountFeaturesFor, FREE_PLAN, PLUS_PLAN, TEAM_PLAN } from './plans.ts';
import {
  bestFeatures,
  can,
  licencesShort,
  seatsLeft,
  seatsUsed,
  TEAM_ACTIONS,
  TEAM_ROLES,
  type TeamAction,
  type TeamRole,
} from './teams.ts';

type Row = [action: TeamAction, target: TeamRole | undefined, allowed: TeamRole[]];

/** The whole table of docs/teams.md: every action (and target) with the roles allowed it. */
const TABLE: Row[] = [
  ['read', undefined, ['owner', 'admin', 'member']],
  ['update', undefined, ['owner']],
  ['billing', undefined, ['owner']],
  ['leave', undefined, ['admin', 'member']],
  ['invite', 'member', ['owner', 'admin']],
  ['invite', 'admin', ['owner', 'admin']],
  ['invite', 'owner', []],
  ['uninvite', 'invitee', ['owner', 'admin']],
  ['remove', 'owner', []],
  ['remove', 'admin', ['owner']],
  ['remove', 'member', ['owner', 'admin']],
  ['remove', 'invitee', ['owner', 'admin']],
  ['changeRole', 'owner', []],
  ['changeRole', 'admin', ['owner']],
  ['changeRole', 'member', ['owner', 'admin']],
  ['changeRole', 'invitee', []],
  ['assign', 'owner', []],
  ['assign', 'admin', ['owner', 'admin']],
  ['assign', 'member', ['owner', 'admin']],
  ['transfer', 'admin', ['owner']],
  ['transfer', 'member', ['owner']],
  ['transfer', 'invitee', []],
  ['transfer', 'owner', []],
];

describe('can', () => {
  for (const [action, target, allowed] of TABLE) {
    for (const role of TEAM_ROLES) {
      const expected = allowed.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} ${action}${target ? ` (${target})` : ''}`, () => {
        expect(can(role, action, target)).toBe(expected);
      });
    }
  }

  it('covers every action', () => {
    expect(new Set(TABLE.map(([action]) => action))).toEqual(new Set(TEAM_ACTIONS));
  });

  it('gives nothing to someone outside the team', () => {
    for (const action of TEAM_ACTIONS) expect(can(null, action, 'member')).toBe(false);
  });

  it('needs a target for the actions on someone', () => {
    expect(can('owner', 'remove')).toBe(false);
    expect(can('owner', 'changeRole')).toBe(false);
    expect(can('owner', 'invite')).toBe(false);
    expect(can('owner', 'transfer')).toBe(false);
  });
});

describe('seats', () => {
  const seats = { licenseCount: 3, members: 1, pendingInvites: 1 };
  it('counts members and pending invites against licences', () => {
    expect(seatsUsed(seats)).toBe(2);
    expect(seatsLeft(seats)).toBe(1);
    expect(licencesShort(seats, 1)).toBe(0);
    expect(licencesShort(seats, 3)).toBe(2);
    expect(seatsLeft({ licenseCount: 1, members: 2, pendingInvites: 0 })).toBe(0);
  });
});

describe('bestFeatures', () => {
  const free = accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
  const plus = accountFeaturesFor({ plan: PLUS_PLAN, subscriptionType: 'paid', status: 'active' });
  const team = accountFeaturesFor({ plan: TEAM_PLAN, subscriptionType: 'paid', status: 'active' });
  const delinquentTeam = accountFeaturesFor({ plan: TEAM_PLAN, subscriptionType: 'paid', status: 'delinquent' });

  it('gives a free member the team plan', () => {
    expect(bestFeatures(free, team)).toEqual(team);
  });
  it('keeps what the member pays for and adds the team’s', () => {
    const merged = bestFeatures(plus, team);
    expect(merged).toEqual(team);
    expect(bestFeatures(plus, delinquentTeam)).toEqual(plus);
  });
  it('without a team is the member’s own', () => {
    expect(bestFeatures(free, null)).toEqual(free);
    expect(bestFeatures(free, delinquentTeam)).toEqual(free);
  });
});
