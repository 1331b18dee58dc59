import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users-schema.ts';

/**
 * Team organizations (SPEC §3 Organization). `ownerId` is the one owner (also their member row's role,
 * kept equal in one transaction by a transfer); the team goes with its owner's account. `licenseCount` caps the
 * seats: members plus pending invites never exceed it (checked under a lock on this row).
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    billingEmail: text('billing_email').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The plan the team subscribes to (SPEC's subscriptionPlanId): the team plan. */
    subscriptionPlanId: text('subscription_plan_id').notNull(),
    licenseCount: integer('license_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_owner_idx').on(t.ownerId),
    check('organizations_license_count_check', sql`${t.licenseCount} >= 1`),
  ],
);

/** A member of an organization and their role (owner, admin, member); a user is in one organization at most. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organization_members_user_idx').on(t.userId),
    index('organization_members_org_idx').on(t.organizationId),
    // One owner per organization.
    uniqueIndex('organization_members_owner_idx').on(t.organizationId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invite to an organization, keyed by email (lower case). `userId` is the account the address has (an existing
 * one, or the one the identity provider's admin create made); `token` is the email link's. One pending invite per
 * organization and address.
 */
export const organizationInvites = pgTable(
  'organization_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the invite made the account (a new address): its email carried a temporary password. */
    newAccount: boolean('new_account').notNull().default(false),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organization_invites_pending_idx').on(t.organizationId, t.email).where(sql`${t.status} = 'pending'`),
    index('organization_invites_org_idx').on(t.organizationId, t.createdAt),
    index('organization_invites_user_idx').on(t.userId),
    uniqueIndex('organization_invites_token_idx').on(t.token),
  ],
);
