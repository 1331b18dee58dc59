import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Users of the Cognito-compatible identity provider. SRP verifiers are sealed with the server key. */
export const idpUsers = pgTable(
  'idp_users',
  {
    sub: uuid('sub').primaryKey(),
    /** Lower-cased sign-in name; also the SRP user id (USER_ID_FOR_SRP). */
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneNumber: text('phone_number'),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    /** Other attributes by their Cognito names (name, picture, custom:…). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** EXTERNAL_PROVIDER: created by a federated sign-in (Google, Apple); its password is random and never told. */
    status: text('status', {
      enum: ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'EXTERNAL_PROVIDER'],
    }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    salt: text('salt').notNull(),
    sealedVerifier: text('sealed_verifier').notNull(),
    /** TOTP: the confirmed secret, and one being set up (AssociateSoftwareToken) until verified. */
    sealedTotpSecret: text('sealed_totp_secret'),
    sealedPendingTotpSecret: text('sealed_pending_totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    smsMfaEnabled: boolean('sms_mfa_enabled').notNull().default(false),
    preferredMfa: text('preferred_mfa', { enum: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idp_users_username_idx').on(t.username), index('idp_users_email_idx').on(t.email)],
);

/** One-time codes (sign-up confirmation, forgotten password, attribute verification), stored hashed. */
export const idpCodes = pgTable(
  'idp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpUsers.sub, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['signup', 'forgot_password', 'verify_email', 'verify_phone', 'sign_in'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_codes_sub_purpose_idx').on(t.sub, t.purpose)],
);

/** Refresh tokens, stored hashed; an origin family is revoked together (RevokeToken, GlobalSignOut). */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpUsers.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    originJti: uuid('origin_jti').notNull(),
    /** OAuth scopes granted at sign-in (hosted UI); null is the user-pool API's aws.cognito.signin.user.admin. */
    scope: text('scope'),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_refresh_tokens_sub_idx').on(t.sub), index('idp_refresh_tokens_origin_idx').on(t.originJti)],
);

/** Access-token families revoked before expiry (GlobalSignOut, RevokeToken). */
export const idpRevokedOrigins = pgTable('idp_revoked_origins', {
  originJti: uuid('origin_jti').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** RS256 signing keys shared by every node; private keys sealed with the server key. */
export const idpSigningKeys = pgTable('idp_signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  sealedPrivateJwk: text('sealed_private_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tracked devices (device SRP): a remembered device skips the second factor. */
export const idpDevices = pgTable(
  'idp_devices',
  {
    deviceKey: text('device_key').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpUsers.sub, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    /** Hex salt and sealed hex verifier from ConfirmDevice; null until the device is confirmed. */
    salt: text('salt'),
    sealedVerifier: text('sealed_verifier'),
    name: text('name'),
    status: text('status', { enum: ['remembered', 'not_remembered'] })
      .notNull()
      .default('not_remembered'),
    lastAuthenticatedAt: timestamp('last_authenticated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_devices_sub_idx').on(t.sub, t.createdAt)],
);

/** Federated identities (Google, SignInWithApple) linked to a user: SPEC §3 externalProviderData. */
export const idpFederatedIdentities = pgTable(
  'idp_federated_identities',
  {
    /** Cognito's provider names: Google, SignInWithApple. */
    providerName: text('provider_name').notNull(),
    /** The provider's subject for the person. */
    providerUserId: text('provider_user_id').notNull(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpUsers.sub, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerName, t.providerUserId] }),
    index('idp_federated_identities_sub_idx').on(t.sub),
  ],
);

/** Hosted-UI authorization codes, stored hashed: single-use, short-lived, bound to client, redirect and PKCE. */
export const idpOauthCodes = pgTable(
  'idp_oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpUsers.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** S256 challenge: base64url(sha256(code_verifier)). */
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    nonce: text('nonce'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The sign-in the code was exchanged for: revoked if the code is presented again. */
    originJti: uuid('origin_jti'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_oauth_codes_expires_idx').on(t.expiresAt)],
);
