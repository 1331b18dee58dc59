/**
 * Teams on the service tier: who may do what (with the words of each refusal), the owner's place and ownership
 * transfer, seats against licences (also under parallel invites, and on PostgreSQL with every invite held at one
 * lock), what one more licence costs, the team subscription giving (and a failed renewal or removal taking) the team
 * plan's features, the invite email with the identity provider's temporary password, and answering invites.
 */
import { outbox } from '@eh/db';
import { DEFAULT_APP, type InviteRole, TEAM_PLAN } from '@eh/domain';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../src/idp/queries.ts';
import * as idpService from '../../src/idp/service.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import {
  activePrice,
  billingProviderFor,
  latestSubscription,
  TestBillingProvider,
} from '../../src/modules/billing/index.ts';
import { personAccount, subscription as personSubscription } from '../../src/modules/billing/payments/person.ts';
import { applyEvent, chargeHistory, methods as personMethods } from '../../src/modules/billing/payments/service.ts';
import { parseStripeEvent } from '../../src/modules/billing/payments/webhook-events.ts';
import { devOutbox } from '../../src/modules/dev-outbox/service.ts';
import * as teamBilling from '../../src/modules/teams/billing.ts';
import * as q from '../../src/modules/teams/queries.ts';
import * as teams from '../../src/modules/teams/service.ts';
import * as users from '../../src/modules/users/service.ts';
import { eachDatabase } from './context.ts';

/** The seeded team plan's yearly price per licence, in cents ($287.88). */
const TEAM_YEARLY = 28788;
const NO_ORG = '00000000-0000-4000-8000-000000000000';

const WHO_MAY = {
  read: 'Only the team’s members can see it: accept the invite first.',
  update: 'Only the team’s owner can change the organization.',
  billing: 'Only the team’s owner manages its billing.',
  invite: 'Only the team’s owner and admins can invite, and an invite gives admin or member.',
  remove: 'Only the owner removes admins; admins remove members and invitees.',
  changeRole: 'Only the owner changes an admin’s role; admins change members’ roles.',
  transfer: 'Only the owner can transfer ownership, to a member or an admin of the team.',
};
const ONE_OWNER = 'A team always has one owner: make another member the owner first (POST the member with role owner).';
const forbidden = (message: string) => ({ statusCode: 403, message });
const conflict = (message: string) => ({ statusCode: 409, message });
const notFound = (orgId: string) => ({ statusCode: 404, message: `Organization ${orgId} does not exist.` });

let counter = 0;
const address = (label: string) => `${label}.${++counter}.${Date.now().toString(36)}@teams.example.com`;

function emailOf(who: Caller): string {
  if (!who.email) throw new Error(`${who.sub} has no email`);
  return who.email;
}

/** The claims of a JWT (the identity provider signed it; only its sub is read here). */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };

eachDatabase(
  (service) => {
    const ctx = () => service().ctx;
    const identity = () => service().idp();
    /** BILLING_PROVIDER=test: the same provider the routes use, its events applied as the webhook route applies them. */
    const provider = () => {
      const billing = billingProviderFor(ctx().config);
      if (!(billing instanceof TestBillingProvider)) throw new Error('the test billing provider is not configured');
      return billing;
    };

    let eventCount = 0;
    /**
     * A Stripe-shaped event through the billing state machine, as the webhook route applies it once it checked the
     * signature: each one later than the one before and than the events the subscribe call sent (an older event
     * never moves a subscription back).
     */
    async function deliver(type: string, object: Record<string, unknown>) {
      const parsed = parseStripeEvent({
        id: `evt_teams_${++eventCount}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000) + 60 + eventCount,
        data: { object },
      });
      if (!parsed) throw new Error(`${type} is not an event the state machine reads`);
      await applyEvent(ctx(), provider(), parsed);
    }

    beforeAll(() => {
      const billing = provider();
      billing.connect(async (payload) => {
        const parsed = parseStripeEvent(JSON.parse(payload));
        if (parsed) await applyEvent(ctx(), billing, parsed);
      });
    });

    const invite = (orgId: string, by: Caller, emails: string[], role: InviteRole = 'member') =>
      teams.invite(ctx(), identity, by, orgId, { inviteEmails: emails, removeEmails: [], role });
    const accept = (who: Caller, choose: { organizationId?: string; token?: string } = {}) =>
      teams.respond(ctx(), who, { response: 'accept', ...choose });

    /** A team owned by a new user, subscribed (test card 4242…) for `licenses` licences. */
    async function team(label: string, licenses: number) {
      const owner = await service().user();
      const created = await teams.create(ctx(), owner, {
        name: `${label} Research`,
        subscriptionPlanId: TEAM_PLAN,
        billingEmail: `billing.${label}@teams.example.com`,
      });
      const orgId = created.organization?.id;
      if (!orgId) throw new Error('no organization');
      await teamBilling.subscribe(ctx(), provider(), owner, orgId, {
        plan: TEAM_PLAN,
        priceType: 'yearly',
        licenseCount: licenses,
        stripePaymentMethodId: '4242424242424242',
      });
      return { owner, orgId };
    }

    /** `inviter` invites `who` with `role`; with `accepted`, who accepts. */
    async function join(orgId: string, inviter: Caller, who: Caller, role: InviteRole = 'member', accepted = true) {
      await invite(orgId, inviter, [emailOf(who)], role);
      if (accepted) await accept(who);
      return who;
    }

    /** The newest mail to an address first. */
    const mailTo = (email: string) =>
      ctx().db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(5);

    const roleOf = async (orgId: string, viewer: Caller, sub: string) =>
      (await teams.users(ctx(), viewer, orgId)).users.find((u) => u.userId === sub)?.role;

    // ---------------------------------------------------------------- roles

    describe('roles', () => {
      let orgId: string;
      let owner: Caller;
      let admin: Caller;
      let member: Caller;
      let invitee: Caller;
      let stranger: Caller;
      let otherOwner: Caller;

      beforeAll(async () => {
        ({ owner, orgId } = await team('matrix', 20));
        admin = await join(orgId, owner, await service().user(), 'admin');
        member = await join(orgId, owner, await service().user());
        invitee = await join(orgId, owner, await service().user(), 'member', false);
        stranger = await service().user();
        otherOwner = await service().user();
        await teams.create(ctx(), otherOwner, {
          name: 'Other Partners',
          subscriptionPlanId: TEAM_PLAN,
          billingEmail: 'other@teams.example.com',
        });
      });

      it('the owner renames the team and sets its licences; the readers see the team as it is', async () => {
        expect(await teams.update(ctx(), owner, orgId, { name: 'Matrix Capital' })).toMatchObject({
          id: orgId,
          name: 'Matrix Capital',
          billingEmail: 'billing.matrix@teams.example.com',
          ownerId: owner.sub,
        });
        await teamBilling.setLicenses(ctx(), provider(), owner, orgId, { orgId, licenseCount: 25 });
        const seen = await teams.users(ctx(), member, orgId);
        // The owner first, then admins, then members, then the invitees.
        expect(seen.users.map((u) => [u.userId, u.role])).toEqual([
          [owner.sub, 'owner'],
          [admin.sub, 'admin'],
          [member.sub, 'member'],
          [invitee.sub, 'invitee'],
        ]);
        expect(seen.seats).toEqual({ licenseCount: 25, members: 3, pendingInvites: 1, seatsUsed: 4, seatsLeft: 21 });
        const mine = await teams.mine(ctx(), invitee);
        expect(mine).toMatchObject({ role: 'invitee', organization: { id: orgId, name: 'Matrix Capital' } });
        expect(mine.invites).toEqual([
          expect.objectContaining({ organizationId: orgId, organizationName: 'Matrix Capital', role: 'member' }),
        ]);
        expect(mine.invites[0]?.invitedByEmail).toBe(emailOf(owner));
        expect(await teams.mine(ctx(), stranger)).toEqual({ organization: null, role: null, invites: [] });
        expect(await teams.mine(ctx(), member)).toMatchObject({ role: 'member', invites: [] });
      });

      it('an invitee only answers; a stranger or another team’s owner meets a team that does not exist', async () => {
        await expect(teams.users(ctx(), invitee, orgId)).rejects.toMatchObject(forbidden(WHO_MAY.read));
        await expect(teams.invites(ctx(), invitee, orgId, {})).rejects.toMatchObject(forbidden(WHO_MAY.read));
        for (const outsider of [stranger, otherOwner]) {
          await expect(teams.users(ctx(), outsider, orgId)).rejects.toMatchObject(notFound(orgId));
          await expect(teamBilling.licensePrice(ctx(), outsider, orgId, 3)).rejects.toMatchObject(notFound(orgId));
        }
        await expect(teams.users(ctx(), owner, NO_ORG)).rejects.toMatchObject(notFound(NO_ORG));
      });

      it('the owner alone changes the organization and bills; admins invite, members only read', async () => {
        for (const who of [admin, member]) {
          await expect(teams.update(ctx(), who, orgId, { name: 'Mine' })).rejects.toMatchObject(
            forbidden(WHO_MAY.update),
          );
          await expect(teamBilling.setup(ctx(), provider(), who, orgId)).rejects.toMatchObject(
            forbidden(WHO_MAY.billing),
          );
          await expect(
            teamBilling.setLicenses(ctx(), provider(), who, orgId, { licenseCount: 30 }),
          ).rejects.toMatchObject(forbidden(WHO_MAY.billing));
        }
        await expect(invite(orgId, member, [address('by-member')])).rejects.toMatchObject(forbidden(WHO_MAY.invite));
        const byAdmin = await invite(orgId, admin, [address('by-admin')], 'admin');
        expect(byAdmin.invited).toEqual([expect.objectContaining({ role: 'admin', invitedBy: admin.sub })]);
        // Every member reads the subscription and the price of licences; only the owner sees the charges.
        expect((await teamBilling.subscription(ctx(), provider(), member, orgId)).charges).toBeNull();
        expect((await teamBilling.subscription(ctx(), provider(), owner, orgId)).charges).toHaveLength(1);
        expect((await teamBilling.licensePrice(ctx(), member, orgId, 3)).licenseCount).toBe(3);
        expect((await teams.invites(ctx(), member, orgId, { status: 'pending' })).invites).toHaveLength(2);
      });

      it('someone in a team creates no other; an invitee or a stranger may', async () => {
        for (const who of [owner, admin, member, otherOwner])
          await expect(
            teams.create(ctx(), who, { name: 'Another desk', subscriptionPlanId: TEAM_PLAN, billingEmail: 'd@x.com' }),
          ).rejects.toMatchObject(conflict('You are already in a team: leave it before you create another.'));
        const own = await teams.create(ctx(), stranger, {
          name: 'Another desk',
          subscriptionPlanId: TEAM_PLAN,
          billingEmail: 'desk@teams.example.com',
        });
        expect(own).toMatchObject({
          role: 'owner',
          organization: { ownerId: stranger.sub, seats: { licenseCount: 1 } },
        });
        // Two creations at once: the one-organization-per-user index keeps the first.
        const twice = await service().user();
        const body = { name: 'Twice', subscriptionPlanId: TEAM_PLAN, billingEmail: 'twice@teams.example.com' };
        const settled = await Promise.allSettled([teams.create(ctx(), twice, body), teams.create(ctx(), twice, body)]);
        expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = settled.find((s) => s.status === 'rejected');
        expect(refused?.reason).toMatchObject(
          conflict('You are already in a team: leave it before you create another.'),
        );
      });

      it('an answer needs a pending invite: by token, by organization or the newest', async () => {
        await expect(accept(member)).rejects.toMatchObject({ statusCode: 404, message: 'You have no pending invite.' });
        await expect(accept(invitee, { token: 'not-a-token' })).rejects.toMatchObject({
          statusCode: 404,
          message: 'None of your pending invites has this token.',
        });
        await expect(accept(invitee, { organizationId: NO_ORG })).rejects.toMatchObject({
          statusCode: 404,
          message: `You have no pending invite to organization ${NO_ORG}.`,
        });
        expect(await accept(invitee)).toMatchObject({ role: 'member', organization: { id: orgId }, invites: [] });
        expect(await roleOf(orgId, owner, invitee.sub)).toBe('member');
      });
    });

    // ---------------------------------------------------------------- the owner, admins and transfer

    describe('the owner’s place', () => {
      it('nobody removes or demotes the owner; an admin cannot remove or demote another admin', async () => {
        const { owner, orgId } = await team('owner-place', 6);
        const admin = await join(orgId, owner, await service().user(), 'admin');
        const admin2 = await join(orgId, owner, await service().user(), 'admin');
        const member = await join(orgId, owner, await service().user());
        const remove = (by: Caller, who: Caller) => teams.removeUser(ctx(), by, orgId, who.sub);
        const change = (by: Caller, who: Caller, role: 'owner' | 'admin' | 'member') =>
          teams.changeRole(ctx(), by, orgId, who.sub, role);

        await expect(remove(admin, owner)).rejects.toMatchObject(forbidden('Nobody can remove the team’s owner.'));
        await expect(change(admin, owner, 'member')).rejects.toMatchObject(
          forbidden('Nobody can demote the team’s owner.'),
        );
        await expect(change(member, owner, 'admin')).rejects.toMatchObject(
          forbidden('Nobody can demote the team’s owner.'),
        );
        await expect(remove(owner, owner)).rejects.toMatchObject(conflict(ONE_OWNER));
        await expect(change(owner, owner, 'admin')).rejects.toMatchObject(conflict(ONE_OWNER));
        // An admin gives no ownership, not even to the owner (a change that would change nothing).
        await expect(change(admin, member, 'owner')).rejects.toMatchObject(forbidden(WHO_MAY.transfer));
        await expect(change(admin, owner, 'owner')).rejects.toMatchObject(forbidden(WHO_MAY.transfer));
        await expect(change(member, owner, 'owner')).rejects.toMatchObject(forbidden(WHO_MAY.transfer));
        await expect(remove(admin, admin2)).rejects.toMatchObject(forbidden(WHO_MAY.remove));
        await expect(change(admin, admin2, 'member')).rejects.toMatchObject(forbidden(WHO_MAY.changeRole));
        await expect(change(admin, admin, 'member')).rejects.toMatchObject(
          forbidden('You cannot change your own role: ask the owner.'),
        );
        await expect(remove(member, admin)).rejects.toMatchObject(forbidden(WHO_MAY.remove));
        expect(await roleOf(orgId, owner, owner.sub)).toBe('owner');
        expect(await roleOf(orgId, owner, admin2.sub)).toBe('admin');

        // The owner demotes and removes admins; a member leaves on their own.
        await change(owner, admin2, 'member');
        expect(await roleOf(orgId, owner, admin2.sub)).toBe('member');
        await remove(owner, admin);
        const left = await remove(member, member);
        expect(left.users.map((u) => u.userId)).toEqual([owner.sub, admin2.sub]);
        await expect(teams.users(ctx(), member, orgId)).rejects.toMatchObject(notFound(orgId));
        expect((await q.membersOf(ctx().db, orgId)).map((m) => m.role).sort()).toEqual(['member', 'owner']);
        expect(await q.seatCounts(ctx().db, orgId)).toEqual({ members: 2, pendingInvites: 0 });
        // Someone else's removal is told to the one removed; leaving is not.
        const removal = 'You were removed from the team owner-place Research';
        expect((await mailTo(emailOf(admin))).filter((m) => m.subject === removal)).toHaveLength(1);
        expect((await mailTo(emailOf(member))).filter((m) => m.subject === removal)).toEqual([]);
      });

      it('an admin changes a member’s role up to admin and takes back invites; an invitee has no role to change', async () => {
        const { owner, orgId } = await team('admin-rights', 5);
        const admin = await join(orgId, owner, await service().user(), 'admin');
        const member = await join(orgId, owner, await service().user());
        const pending = await join(orgId, owner, await service().user(), 'member', false);
        await teams.changeRole(ctx(), admin, orgId, member.sub, 'admin');
        expect(await roleOf(orgId, owner, member.sub)).toBe('admin');
        await expect(teams.changeRole(ctx(), admin, orgId, pending.sub, 'admin')).rejects.toMatchObject(
          conflict(`User ${pending.sub} has not accepted the invite yet: an invitee has no role to change.`),
        );
        await expect(teams.removeUser(ctx(), admin, orgId, NO_ORG)).rejects.toMatchObject({
          statusCode: 404,
          message: `User ${NO_ORG} is not in this team.`,
        });
        const after = await teams.removeUser(ctx(), admin, orgId, pending.sub);
        expect(after.seats).toMatchObject({ members: 3, pendingInvites: 0 });
        expect((await teams.invites(ctx(), owner, orgId, { email: emailOf(pending) })).invites).toEqual([
          expect.objectContaining({ status: 'revoked', userId: pending.sub }),
        ]);
        await expect(accept(pending)).rejects.toMatchObject({ statusCode: 404 });
      });

      it('ownership transfers in one step: the new owner bills, the old one is an admin', async () => {
        const { owner, orgId } = await team('transfer', 3);
        const heir = await join(orgId, owner, await service().user());
        const other = await join(orgId, owner, await service().user(), 'admin');
        await expect(teams.changeRole(ctx(), other, orgId, heir.sub, 'owner')).rejects.toMatchObject(
          forbidden(WHO_MAY.transfer),
        );
        const moved = await teams.changeRole(ctx(), owner, orgId, heir.sub, 'owner');
        expect(Object.fromEntries(moved.users.map((u) => [u.userId, u.role]))).toEqual({
          [heir.sub]: 'owner',
          [owner.sub]: 'admin',
          [other.sub]: 'admin',
        });
        expect(await teams.mine(ctx(), heir)).toMatchObject({ role: 'owner', organization: { ownerId: heir.sub } });
        await expect(teamBilling.setup(ctx(), provider(), owner, orgId)).rejects.toMatchObject(
          forbidden(WHO_MAY.billing),
        );
        expect(await teamBilling.setup(ctx(), provider(), heir, orgId)).toMatchObject({ provider: 'test' });
        // Making the owner the owner again changes nothing.
        expect((await teams.changeRole(ctx(), heir, orgId, heir.sub, 'owner')).users[0]?.userId).toBe(heir.sub);
        // The new owner may remove the old one (now an admin); the owner's seat and one owner stay.
        await teams.removeUser(ctx(), heir, orgId, owner.sub);
        const members = await q.membersOf(ctx().db, orgId);
        expect(members.filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([heir.sub]);
        expect((await q.organizationById(ctx().db, orgId))?.ownerId).toBe(heir.sub);
      });
    });

    // ---------------------------------------------------------------- licences

    describe('licences', () => {
      const oneMore = { interval: 'yearly', amount: TEAM_YEARLY, currency: 'usd' };

      it('3 licences, 6 parallel invites: exactly 3 seats (the owner and 2 invites); the others get the price of one more licence', async () => {
        const { owner, orgId } = await team('parallel', 3);
        expect((await activePrice(ctx().db, { app: DEFAULT_APP, plan: TEAM_PLAN, interval: 'yearly' }))?.amount).toBe(
          TEAM_YEARLY,
        );
        const emails = Array.from({ length: 6 }, () => address('parallel'));
        const settled = await Promise.allSettled(emails.map((email) => invite(orgId, owner, [email])));
        expect(settled.map((s) => s.status).sort()).toEqual([
          'fulfilled',
          'fulfilled',
          'rejected',
          'rejected',
          'rejected',
          'rejected',
        ]);
        const refused = settled.find((s) => s.status === 'rejected');
        expect(refused?.reason).toMatchObject({
          statusCode: 409,
          message:
            'The team has 3 licences and 3 seats taken: inviting 1 more needs 1 more licence. ' +
            'One more licence costs $287.88 a year.',
          details: { licenseCount: 3, seatsUsed: 3, requested: 1, licencesNeeded: 1, oneMoreLicense: oneMore },
        });
        expect((await teams.users(ctx(), owner, orgId)).seats).toEqual({
          licenseCount: 3,
          members: 1,
          pendingInvites: 2,
          seatsUsed: 3,
          seatsLeft: 0,
        });
        const pending = (await teams.invites(ctx(), owner, orgId, { status: 'pending' })).invites;
        expect(pending).toHaveLength(2);
        expect(await teams.oneMoreLicense(ctx(), orgId)).toEqual(oneMore);

        // Fewer licences than seats is refused; one more makes room for one more invite.
        await expect(
          teamBilling.setLicenses(ctx(), provider(), owner, orgId, { licenseCount: 2 }),
        ).rejects.toMatchObject(
          conflict(
            'The team has 3 seats taken (members and pending invites): 2 licences are not enough. ' +
              'Remove people or take back invites first.',
          ),
        );
        await expect(
          teamBilling.setLicenses(ctx(), provider(), owner, orgId, { orgId: NO_ORG, licenseCount: 3 }),
        ).rejects.toMatchObject({ statusCode: 400, message: 'body.orgId: must be the organization of the path' });
        const more = await teamBilling.setLicenses(ctx(), provider(), owner, orgId, { licenseCount: 4 });
        expect(more.seats).toMatchObject({ licenseCount: 4, seatsLeft: 1 });
        expect(more.subscription?.amount).toBe(4 * TEAM_YEARLY);
        expect(await teamBilling.licensePrice(ctx(), owner, orgId, 5)).toMatchObject({
          licenseCount: 5,
          seats: { licenseCount: 4, seatsUsed: 3 },
          interval: 'yearly',
          yearly: { unitAmount: TEAM_YEARLY, subtotal: 5 * TEAM_YEARLY },
          oneMoreLicense: { interval: 'yearly', amount: TEAM_YEARLY },
        });
        const third = address('third');
        const fourth = address('fourth');
        await expect(invite(orgId, owner, [third, fourth])).rejects.toMatchObject({
          statusCode: 409,
          details: { licencesNeeded: 1, requested: 2 },
        });
        // Taking back an invite frees its seat in the same call.
        const taken = pending[0]?.email ?? '';
        const swap = await teams.invite(ctx(), identity, owner, orgId, {
          inviteEmails: [third, fourth],
          removeEmails: [taken, address('never-invited')],
          role: 'member',
        });
        expect(swap.removed).toEqual([taken]);
        expect(swap.skipped).toEqual([{ email: expect.stringMatching(/^never-invited\./), reason: 'notInvited' }]);
        expect(swap.invited.map((i) => i.email).sort()).toEqual([third, fourth].sort());
        expect(swap.seats).toMatchObject({ licenseCount: 4, seatsUsed: 4 });
      });

      // PGlite runs one transaction at a time. On PostgreSQL every invite counts the seats before any of them can
      // insert (the test holds the invites table), so only the lock on the organization row keeps them apart.
      it('6 invites at the same moment take exactly the 2 free seats (on PostgreSQL, all six held at one lock)', async () => {
        const { owner, orgId } = await team('race', 3);
        const six = () => Promise.allSettled(Array.from({ length: 6 }, () => invite(orgId, owner, [address('race')])));
        let settled: PromiseSettledResult<unknown>[];
        if (service().kind === 'postgresql') {
          const client = new pg.Client({ connectionString: ctx().config.DATABASE_URL });
          await client.connect();
          try {
            await client.query('begin');
            await client.query('lock table organization_invites in exclusive mode');
            const pending = six();
            // All six wait on a lock: the table (the first, or all six without the row lock) or the organization row.
            // pg_stat_activity is a snapshot per transaction: cleared before each look.
            const waiting = async () => {
              await client.query('select pg_stat_clear_snapshot()');
              const { rows } = await client.query(
                `select count(*) as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock' and query ilike '%organization%'`,
              );
              return Number(rows[0].n);
            };
            const until = Date.now() + 20_000;
            while ((await waiting()) < 6) {
              if (Date.now() > until) throw new Error('the six invites never waited together');
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            await client.query('commit');
            settled = await pending;
          } finally {
            await client.end();
          }
        } else {
          settled = await six();
        }
        expect(settled.map((s) => s.status).sort()).toEqual([
          'fulfilled',
          'fulfilled',
          'rejected',
          'rejected',
          'rejected',
          'rejected',
        ]);
        for (const s of settled) if (s.status === 'rejected') expect(s.reason).toMatchObject({ statusCode: 409 });
        expect((await teams.users(ctx(), owner, orgId)).seats).toMatchObject({ licenseCount: 3, seatsUsed: 3 });
      });

      it('parallel accepts, declines and invites never leave more seats than licences', async () => {
        const { owner, orgId } = await team('mixed', 4);
        const people = await Promise.all([service().user(), service().user(), service().user()]);
        for (const who of people) await join(orgId, owner, who, 'member', false);
        const [first, second] = people as [Caller, Caller, Caller];
        const [accepted, declined, two, one] = await Promise.allSettled([
          accept(first),
          teams.respond(ctx(), second, { response: 'decline' }),
          invite(orgId, owner, [address('a'), address('b')]),
          invite(orgId, owner, [address('c')]),
        ]);
        expect([accepted?.status, declined?.status]).toEqual(['fulfilled', 'fulfilled']);
        let invited = 0;
        for (const answer of [two, one]) {
          if (answer?.status === 'fulfilled') invited += answer.value.invited.length;
          else expect(answer?.reason).toMatchObject({ statusCode: 409 });
        }
        const seats = (await teams.users(ctx(), owner, orgId)).seats;
        // The owner, the one who accepted, the third still pending, and what the invites took.
        expect(seats).toMatchObject({ licenseCount: 4, seatsUsed: 3 + invited });
        expect(seats.seatsUsed).toBeLessThanOrEqual(4);
      });
    });

    // ---------------------------------------------------------------- team subscription and features

    describe('team subscription', () => {
      it('4242… buys licences × the per-licence price; members get the team plan’s features and lose them when removed', async () => {
        const owner = await service().user();
        const created = await teams.create(ctx(), owner, {
          name: 'Buyers Club',
          subscriptionPlanId: TEAM_PLAN,
          billingEmail: 'billing@buyers.example.com',
        });
        expect(created).toMatchObject({
          role: 'owner',
          organization: { name: 'Buyers Club', billingEmail: 'billing@buyers.example.com', seats: { licenseCount: 1 } },
        });
        const orgId = created.organization?.id ?? '';
        expect(await teamBilling.setup(ctx(), provider(), owner, orgId)).toMatchObject({
          provider: 'test',
          testMode: true,
          label: 'Test billing — no card is charged',
        });
        expect(await teamBilling.addMethod(ctx(), provider(), owner, orgId, '4242 4242 4242 4242')).toMatchObject({
          brand: 'visa',
          last4: '4242',
        });
        // The team's card is the team's: the owner's own list stays empty.
        expect((await personMethods(ctx(), provider(), personAccount(ctx(), owner))).paymentMethods).toEqual([]);
        await expect(
          teamBilling.subscribe(ctx(), provider(), owner, orgId, {
            plan: TEAM_PLAN,
            priceType: 'yearly',
            licenseCount: 3,
            stripePaymentMethodId: '4000000000000002',
          }),
        ).rejects.toMatchObject({ statusCode: 402, message: 'Your card was declined.' });
        await expect(
          teamBilling.subscribe(ctx(), provider(), owner, orgId, { plan: 'earningshub_pro', priceType: 'yearly' }),
        ).rejects.toMatchObject({ statusCode: 400, message: `body.plan: an organization subscribes to ${TEAM_PLAN}` });

        const member = await service().user();
        expect((await users.me(ctx(), member)).accountFeatures.ehs).toBe(false);
        // Before it buys licences, the team's one licence is the owner's seat.
        await expect(invite(orgId, owner, [emailOf(member)])).rejects.toMatchObject(
          conflict(
            'The team has 1 licence and 1 seat taken: inviting 1 more needs 1 more licence. ' +
              'One more licence costs $287.88 a year.',
          ),
        );

        const bought = await teamBilling.subscribe(ctx(), provider(), owner, orgId, {
          plan: TEAM_PLAN,
          priceType: 'yearly',
          licenseCount: 3,
          affiliateId: 'aff-team-7',
        });
        expect(bought.subscription).toMatchObject({
          plan: TEAM_PLAN,
          priceType: 'yearly',
          amount: 3 * TEAM_YEARLY,
          status: 'active',
          affiliateId: 'aff-team-7',
        });
        await expect(
          teamBilling.subscribe(ctx(), provider(), owner, orgId, { plan: TEAM_PLAN, priceType: 'yearly' }),
        ).rejects.toMatchObject({ statusCode: 409 });
        const view = await teamBilling.subscription(ctx(), provider(), owner, orgId);
        expect(view.seats).toMatchObject({ licenseCount: 3, seatsUsed: 1 });
        expect(view.charges).toHaveLength(1);
        expect(view.charges?.[0]).toMatchObject({ amount: 3 * TEAM_YEARLY, status: 'paid', provider: 'test' });
        // The owner's own billing is untouched: no subscription, no charge, their plan is still free.
        expect((await personSubscription(ctx(), provider(), owner)).subscription).toBeNull();
        expect((await chargeHistory(ctx(), { userId: owner.sub })).charges).toEqual([]);
        const ownerMe = await users.me(ctx(), owner);
        expect(ownerMe.accountSubscription.plan).toBe('free');
        expect(ownerMe.accountFeatures).toMatchObject({ ehs: true, shortInterest: true, listLimit: -1 });

        await join(orgId, owner, member);
        const joined = await users.me(ctx(), member);
        expect(joined.accountFeatures).toMatchObject({ subscriptionType: 'paid', ehs: true, corporateGuidance: true });
        // The plan shown is the one the features come from: the team's, named with the team (not Free above them).
        expect({ displayPlan: joined.displayPlan, team: joined.team }).toEqual({
          displayPlan: TEAM_PLAN,
          team: { name: 'Buyers Club', plan: TEAM_PLAN },
        });
        expect(await q.teamSubscriptionOfMember(ctx().db, member.sub)).toEqual({
          plan: TEAM_PLAN,
          status: 'active',
          organization: 'Buyers Club',
        });
        // Members read the subscription but not the charges.
        expect((await teamBilling.subscription(ctx(), provider(), member, orgId)).charges).toBeNull();

        // A failed renewal (the provider's event through the same state machine) takes the features; a paid one
        // returns them.
        const row = await latestSubscription(ctx().db, { organizationId: orgId });
        if (!row) throw new Error('no team subscription');
        await deliver('invoice.payment_failed', {
          id: 'in_teams_failed',
          object: 'invoice',
          subscription: row.providerSubscriptionId,
          amount_due: 3 * TEAM_YEARLY,
          currency: 'usd',
        });
        const lapsed = await users.me(ctx(), member);
        expect({ ehs: lapsed.accountFeatures.ehs, displayPlan: lapsed.displayPlan }).toEqual({
          ehs: false,
          displayPlan: 'free',
        });
        await deliver('invoice.paid', {
          id: 'in_teams_paid',
          object: 'invoice',
          subscription: row.providerSubscriptionId,
          charge: 'ch_teams_paid',
          amount_paid: 3 * TEAM_YEARLY,
          currency: 'usd',
        });
        expect((await users.me(ctx(), member)).accountFeatures.ehs).toBe(true);

        const removed = await teams.removeUser(ctx(), owner, orgId, member.sub);
        expect(removed.seats.seatsUsed).toBe(1);
        const after = await users.me(ctx(), member);
        expect(after.accountFeatures).toMatchObject({ subscriptionType: 'free', ehs: false, listLimit: 1 });
        expect({ displayPlan: after.displayPlan, team: after.team }).toEqual({ displayPlan: 'free', team: null });
        expect((await teams.mine(ctx(), member)).organization).toBeNull();
        expect(await q.teamSubscriptionOfMember(ctx().db, member.sub)).toBeUndefined();
      });

      it('a card number named like a prototype member is declined, not stored (test billing)', async () => {
        const { owner, orgId } = await team('hostile', 2);
        for (const input of ['__proto__', 'constructor', 'toString'])
          await expect(teamBilling.addMethod(ctx(), provider(), owner, orgId, input)).rejects.toMatchObject({
            statusCode: 402,
            message: "Test billing takes Stripe's test card numbers, such as 4242 4242 4242 4242.",
          });
        const cards = await teamBilling.methods(ctx(), provider(), owner, orgId);
        expect(cards.paymentMethods.map((c) => c.last4)).toEqual(['4242']);
      });
    });

    // ---------------------------------------------------------------- invite emails and new accounts

    describe('invite emails', () => {
      it('a new address gets an account (temporary password, NEW_PASSWORD_REQUIRED) and the invite by email', async () => {
        const { owner, orgId } = await team('mailer', 3);
        const lower = address('newcomer');
        const existing = await service().user();
        const res = await invite(orgId, owner, [lower, emailOf(existing), lower]);
        const byEmail = Object.fromEntries(res.invited.map((i) => [i.email, i]));
        expect(Object.keys(byEmail).sort()).toEqual([emailOf(existing), lower].sort());
        expect(byEmail[lower]).toMatchObject({ newAccount: true, role: 'member', status: 'pending' });
        expect(byEmail[emailOf(existing)]).toMatchObject({ newAccount: false, userId: existing.sub });

        const idp = await identity();
        expect(await findUser(idp.db, { login: lower })).toMatchObject({
          sub: byEmail[lower]?.userId,
          status: 'FORCE_CHANGE_PASSWORD',
        });
        const [mail, ...others] = await mailTo(lower);
        // Only the invite's email: the identity provider's own "You are invited" was suppressed.
        expect(others).toEqual([]);
        expect(mail?.subject).toBe(
          `${emailOf(owner)} invited you to the team mailer Research on ${ctx().config.APP_NAME}`,
        );
        const temporary = mail?.body.match(/temporary password: (\S+)/)?.[1];
        if (!temporary) throw new Error(`no temporary password in: ${mail?.body}`);
        const [known] = await mailTo(emailOf(existing));
        expect(known?.body).toContain(`Sign in at ${ctx().config.PUBLIC_URL.replace(/\/$/, '')}/signin with`);
        expect(known?.body).not.toContain('temporary password');
        if (service().kind === 'pglite') {
          // The local mailbox (/dev/mail) shows it to this machine: embedded, without SMTP.
          const box = await devOutbox(ctx(), { limit: 50 }, { ip: '127.0.0.1', headers: {} });
          expect(box.messages.some((m) => m.to === lower)).toBe(true);
        }

        // The first sign-in with the temporary password is asked for a new password.
        const ClientId = idp.config.IDP_CLIENT_ID;
        const first = (await idpService.initiateAuth(idp, {
          ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: lower, PASSWORD: temporary },
        })) as { ChallengeName?: string; Session?: string };
        expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
        const signedIn = (await idpService.respondToAuthChallenge(idp, {
          ClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ChallengeResponses: { USERNAME: lower, NEW_PASSWORD: 'Chosen-Team-9!' },
          Session: first.Session,
        })) as { AuthenticationResult?: { IdToken: string } };
        const sub = claimsOf(signedIn.AuthenticationResult?.IdToken ?? '').sub;
        expect(sub).toBe(byEmail[lower]?.userId);
        expect((await findUser(idp.db, { login: lower }))?.status).toBe('CONFIRMED');
        const newcomer: Caller = { sub, email: lower };

        const mine = await teams.mine(ctx(), newcomer);
        expect(mine).toMatchObject({ role: 'invitee', organization: { id: orgId } });
        const token = mine.invites[0]?.token ?? '';
        expect(mail?.body).toContain(`/team?invite=${encodeURIComponent(token)}`);
        expect(await accept(newcomer, { token })).toMatchObject({
          role: 'member',
          organization: { id: orgId },
          invites: [],
        });
        expect((await users.me(ctx(), newcomer)).accountFeatures.ehs).toBe(true);
        // The owner is told who took the seat.
        expect((await mailTo(emailOf(owner))).map((m) => m.subject)).toContain(
          `${lower} joined your team mailer Research`,
        );

        // Inviting members or pending addresses again changes nothing.
        const again = await invite(orgId, owner, [lower, emailOf(existing)]);
        expect(again.invited).toEqual([]);
        expect(again.skipped).toEqual([
          { email: lower, reason: 'alreadyMember' },
          { email: emailOf(existing), reason: 'alreadyInvited' },
        ]);
        expect(await teams.respond(ctx(), existing, { response: 'decline', organizationId: orgId })).toMatchObject({
          organization: null,
          role: null,
        });
        const history = await teams.invites(ctx(), owner, orgId, { email: emailOf(existing) });
        expect(history.invites.map((i) => i.status)).toEqual(['declined']);
      });

      it('a member of another team accepts only after leaving it', async () => {
        const a = await team('first-team', 3);
        const b = await team('second-team', 3);
        const person = await join(a.orgId, a.owner, await service().user());
        await join(b.orgId, b.owner, person, 'member', false);
        await expect(accept(person, { organizationId: b.orgId })).rejects.toMatchObject(
          conflict('You are a member of the team first-team Research: leave it before you join second-team Research.'),
        );
        await teams.removeUser(ctx(), person, a.orgId, person.sub);
        expect(await accept(person, { organizationId: b.orgId })).toMatchObject({
          role: 'member',
          organization: { id: b.orgId },
        });
      });
    });
  },
  { env: { BILLING_PROVIDER: 'test' } },
);
