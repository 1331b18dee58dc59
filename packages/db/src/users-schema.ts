import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The product's account for an identity (id = the identity provider's sub). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email'),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    plan: text('plan').notNull().default('free'),
    subscriptionType: text('subscription_type', { enum: ['free', 'paid'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text('subscription_status', { enum: ['active', 'delinquent', 'pending', 'canceled'] })
      .notNull()
      .default('active'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    priceType: text('price_type', { enum: ['yearly', 'monthly'] })
      .notNull()
      .default('yearly'),
    nextChargeDate: timestamp('next_charge_date', { withTimezone: true }),
    /** Display-only plan (SPEC §4 "a plan override can replace the real plan for display"). */
    planOverride: text('plan_override'),
    marketingSubscribed: boolean('marketing_subscribed').notNull().default(false),
    /** SPEC §6 super admin: may delete anyone's community post. Set by an operator (PUT /admin/users/super-admin). */
    superAdmin: boolean('super_admin').notNull().default(false),
    /** signupProduct, signupSource, signupFirstCreatorId, signupFirstPortfolioId, affiliateId. */
    signup: jsonb('signup').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_email_idx').on(t.email)],
);

export const pushTokens = pgTable(
  'push_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    appName: text('app_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_tokens_user_token_idx').on(t.userId, t.token),
    index('push_tokens_app_idx').on(t.userId, t.appName),
  ],
);
