import {
  RECENT_COMPARISONS_MAX,
  SIDE_PANEL_MAX_WIDTH,
  SIDE_PANEL_MIN_WIDTH,
  SLIDESHOW_MAX_DELAY_MS,
  SLIDESHOW_MIN_DELAY_MS,
} from '@eh/domain';
import { z } from 'zod';
import { SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { jsonObject, SafeString } from './text.ts';

const PLAN = z.enum(['free', 'savvy_trader_pro', 'earningshub_plus', 'earningshub_pro', 'earningshub_team']);

/** SPEC §3 accountFeatures. */
export const AccountFeatures = z.object({
  subscriptionType: z.enum(['free', 'paid']),
  listLimit: z.number().int(),
  alerts: z.boolean(),
  analystRatings: z.boolean(),
  fedCalendar: z.boolean(),
  economicCalendar: z.boolean(),
  historicalAudio: z.boolean(),
  historicalEarnings: z.boolean(),
  historicalDividends: z.boolean(),
  eventSlides: z.boolean(),
  eventReports: z.boolean(),
  eventTranscripts: z.boolean(),
  eventTranscriptsAi: z.boolean(),
  corporateGuidance: z.boolean(),
  shortInterest: z.boolean(),
  prePostEarningsMove: z.boolean(),
  ehs: z.boolean(),
});

/** SPEC §3 User (me). */
export const Me = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  displayPlan: PLAN,
  accountSubscription: z.object({
    subscriptionType: z.enum(['free', 'paid']),
    status: z.enum(['active', 'delinquent', 'pending', 'canceled']),
    plan: PLAN,
    price: z.number(),
    priceType: z.enum(['yearly', 'monthly']),
    nextChargeDate: z.iso.datetime().nullable(),
  }),
  accountFeatures: AccountFeatures,
  /** The team the user is a member of, whose subscription may give the features (and then names the plan shown). */
  team: z.object({ name: z.string(), plan: PLAN }).nullable(),
  /** SPEC §6's client-side super-admin flag: the account may open /admin (every admin call checks it again). */
  superAdmin: z.boolean(),
  externalProviderData: z.array(z.object({ providerName: z.string(), providerUserId: z.string() })),
  createdAt: z.iso.datetime(),
});
export type Me = z.infer<typeof Me>;

export const getMe = defineRoute({
  method: 'GET',
  path: paths.getMe,
  group: 'portfolios',
  summary: 'The signed-in user with subscription and features',
  tags: ['users'],
  response: Me,
});

export const USER_NAME_MAX = 120;

export const updateUser = defineRoute({
  method: 'POST',
  path: paths.updateUser,
  group: 'portfolios',
  summary: "Update the signed-in user's profile",
  tags: ['users'],
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({ name: SafeString.trim().min(1).max(USER_NAME_MAX).nullable().optional() }),
  response: Me,
});

export const PhoneVerification = z.object({ phoneNumber: z.string(), phoneNumberVerified: z.literal(true) });

export const verifyPhone = defineRoute({
  method: 'POST',
  path: paths.verifyPhone,
  group: 'portfolios',
  summary: "Verify the signed-in user's phone number with the code texted to it",
  tags: ['users'],
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({
    code: SafeString.trim().regex(/^\d{6}$/, 'must be the 6-digit code'),
  }),
  response: PhoneVerification,
});

/** The account after a re-sync from the identity provider, with the identity's verification state. */
export const SyncedMe = Me.extend({
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
});
export type SyncedMe = z.infer<typeof SyncedMe>;

export const syncFromIdentity = defineRoute({
  method: 'POST',
  path: paths.syncFromIdentity,
  group: 'portfolios',
  summary: "Re-sync the signed-in user's account from the identity provider (email, verified flags, linked providers)",
  tags: ['users'],
  params: z.object({ id: z.uuid() }),
  response: SyncedMe,
});

export const deleteMe = defineRoute({
  method: 'DELETE',
  path: paths.deleteMe,
  group: 'portfolios',
  summary: "Delete the signed-in user's account, data and identity",
  tags: ['users'],
  response: z.object({ deleted: z.literal(true) }),
});

export const postSource = defineRoute({
  method: 'POST',
  path: paths.postSource,
  group: 'portfolios',
  summary: 'Record where the user signed up from (first write wins)',
  tags: ['users'],
  body: z.strictObject({
    signupProduct: SafeString.max(64).optional(),
    signupSource: SafeString.max(256).optional(),
    signupFirstCreatorId: SafeString.max(128).optional(),
    signupFirstPortfolioId: SafeString.max(128).optional(),
    affiliateId: SafeString.max(128).optional(),
  }),
  response: z.object({ signup: z.record(z.string(), z.string()) }),
});

export const MarketingStatus = z.object({ subscribed: z.boolean() });
export const getMarketingStatus = defineRoute({
  method: 'GET',
  path: paths.getMarketingStatus,
  group: 'portfolios',
  summary: 'Whether the user receives marketing email',
  tags: ['users'],
  response: MarketingStatus,
});
export const postMarketingStatus = defineRoute({
  method: 'POST',
  path: paths.postMarketingStatus,
  group: 'portfolios',
  summary: 'Subscribe to or unsubscribe from marketing email',
  tags: ['users'],
  body: MarketingStatus,
  response: MarketingStatus,
});

/** Client settings kept on the server: a JSON object, bounded in depth, keys, strings and size (merged too). */
export const SETTINGS_LIMITS = { maxDepth: 8, maxKeyLength: 64, maxStringLength: 2_048, maxBytes: 16_384 } as const;
export const SETTINGS_MAX_BYTES = SETTINGS_LIMITS.maxBytes;

/**
 * The client preferences that follow the account across devices (decision 0033), checked by name wherever they
 * appear in saved settings: a bad value is a 400 naming `body.settings.<key>`, never stored. Other keys stay free-form.
 */
export const SyncedPreferences = z.object({
  /** Milliseconds between two slides of an event's slideshow (SPEC §9 default 5000). */
  slideshowDelay: z.number().int().min(SLIDESHOW_MIN_DELAY_MS).max(SLIDESHOW_MAX_DELAY_MS),
  /** The event page's side panel, percent of the width beside the slides (SPEC §9 default 30). */
  sidePanelWidth: z.number().min(SIDE_PANEL_MIN_WIDTH).max(SIDE_PANEL_MAX_WIDTH),
  /** Symbols recently compared with an event's company, newest first. */
  recentComparisons: z.array(SymbolString).max(RECENT_COMPARISONS_MAX),
});
export type SyncedPreferences = z.infer<typeof SyncedPreferences>;
const KnownSettings = SyncedPreferences.partial();

const Settings = jsonObject(SETTINGS_LIMITS).check(
  z.superRefine((value: Record<string, unknown>, ctx) => {
    const known = KnownSettings.safeParse(value);
    if (known.success) return;
    for (const issue of known.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
  }),
);

export const getSettings = defineRoute({
  method: 'GET',
  path: paths.getSettings,
  group: 'portfolios',
  summary: "The user's saved settings",
  tags: ['users'],
  response: z.object({ settings: z.record(z.string(), z.unknown()) }),
});
export const postSettings = defineRoute({
  method: 'POST',
  path: paths.postSettings,
  group: 'portfolios',
  summary: 'Merge settings into the saved ones',
  tags: ['users'],
  body: z.object({ settings: Settings }),
  response: z.object({ settings: z.record(z.string(), z.unknown()) }),
});

export const postPushToken = defineRoute({
  method: 'POST',
  path: paths.postPushToken,
  group: 'portfolios',
  summary: 'Register a device push token',
  tags: ['notifications'],
  status: 201,
  body: z.object({ token: SafeString.trim().min(8).max(4096), appName: SafeString.trim().min(1).max(64) }),
  response: z.object({ registered: z.literal(true) }),
});
export const getPushTokenCount = defineRoute({
  method: 'GET',
  path: paths.getPushTokenCount,
  group: 'portfolios',
  summary: 'How many push tokens the user has for an app',
  tags: ['notifications'],
  query: z.object({ appName: SafeString.trim().min(1).max(64) }),
  response: z.object({ count: z.number().int() }),
});

export const USERS_BY_IDS_MAX = 100;
export const getUsersByIds = defineRoute({
  method: 'GET',
  path: paths.getUsersByIds,
  group: 'public',
  summary: 'Public profile fields of several users',
  tags: ['users'],
  query: z.object({
    ids: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.uuid()).min(1).max(USERS_BY_IDS_MAX)),
  }),
  response: z.object({
    users: z.array(z.object({ id: z.uuid(), name: z.string().nullable(), avatarUrl: z.string().nullable() })),
  }),
});

/** Avatars: PNG, JPEG or WebP, at most 512 KB, sent as a data URL. */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const postAvatar = defineRoute({
  method: 'POST',
  path: paths.postAvatar,
  group: 'portfolios',
  summary: "Set the signed-in user's avatar",
  tags: ['users'],
  body: z.object({
    avatar: SafeString.max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64, 'must be at most 512 KB').regex(
      /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/,
      'must be a PNG, JPEG or WebP data URL',
    ),
  }),
  response: z.object({ avatarUrl: z.string() }),
});

export const getAvatar = defineRoute({
  method: 'GET',
  path: paths.getAvatar,
  group: 'public',
  summary: "A user's avatar image",
  tags: ['users'],
  params: z.object({ id: z.uuid() }),
  response: z.unknown(),
});
