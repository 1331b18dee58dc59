import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString, wellFormedText } from './text.ts';

/** SPEC §1 feature flags. */
export const FLAG_NAMES = [
  'dev',
  'bannerMessage',
  'ehMaintenanceModeWeb',
  'ehMaintenanceModeMobile',
  'stMaintenanceModeWeb',
  'stMaintenanceModeMobile',
] as const;
export const FlagName = z.enum(FLAG_NAMES);
export type FlagName = z.infer<typeof FlagName>;

/** DESIGN §1: socket and flags use app=earningshub; `savvy_trader` is the sister product (flags prefixed st). */
export const APP_NAMES = ['earningshub', 'savvy_trader'] as const;
export const AppName = z.enum(APP_NAMES);
export type AppName = z.infer<typeof AppName>;

/** SPEC §7: the flags call names the platform as mobile or web. */
export const FlagPlatform = z.enum(['web', 'mobile']);
export type FlagPlatform = z.infer<typeof FlagPlatform>;

export const FlagValue = z.object({
  enabled: z.boolean(),
  /** The banner text for bannerMessage, the maintenance message for the maintenance flags. */
  message: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type FlagValue = z.infer<typeof FlagValue>;

const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50));

export const getFlags = defineRoute({
  method: 'GET',
  path: paths.getFlags,
  group: 'public',
  summary: 'Feature flags for an app and platform (polled every 60 s)',
  tags: ['core'],
  query: z.object({
    flags: commaList(FlagName).optional().describe('Comma-separated flag names; all when omitted'),
    app: AppName.default('earningshub'),
    platform: FlagPlatform.default('web'),
  }),
  response: z.object({
    app: AppName,
    platform: FlagPlatform,
    flags: z.partialRecord(FlagName, FlagValue),
  }),
});

export const ReleaseNotePlatform = z.enum(['web', 'native']);
export type ReleaseNotePlatform = z.infer<typeof ReleaseNotePlatform>;

export const ReleaseNote = z.object({
  id: z.number().int(),
  platform: ReleaseNotePlatform,
  version: z.string(),
  /** Calendar date of the release, YYYY-MM-DD; the highlight rule compares the newest note's date. */
  date: z.iso.date(),
  title: z.string(),
  items: z.array(z.string()),
});
export type ReleaseNote = z.infer<typeof ReleaseNote>;

export const getReleaseNotes = defineRoute({
  method: 'GET',
  path: paths.getReleaseNotes,
  group: 'public',
  summary: 'Release notes of one platform, newest first',
  tags: ['core'],
  query: z.object({
    platform: ReleaseNotePlatform.default('web'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ notes: z.array(ReleaseNote) }),
});

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'data', 'other'] as const;
export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 5000;

export const FeedbackInput = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  message: SafeString.trim().min(FEEDBACK_MESSAGE_MIN).max(FEEDBACK_MESSAGE_MAX),
  email: z.email().max(320).optional(),
  page: SafeString.max(2048).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const postFeedback = defineRoute({
  method: 'POST',
  path: paths.postFeedback,
  group: 'public',
  summary: 'Send feedback to the team',
  tags: ['core'],
  body: FeedbackInput,
  status: 201,
  response: z.object({ id: z.number().int(), createdAt: z.iso.datetime() }),
});

export const getHealth = defineRoute({
  method: 'GET',
  path: paths.getHealth,
  group: 'public',
  summary: 'Liveness and database check',
  tags: ['core'],
  response: z.object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    uptimeSeconds: z.number(),
  }),
});

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['embedded', 'production']),
  database: z.enum(['pglite', 'postgres']),
  bus: z.enum(['memory', 'redis']),
  roles: z.array(z.string()),
  startedAt: z.iso.datetime(),
  marketData: z
    .object({
      demo: z.boolean().describe('The generated demo market feeds this server (its rows have source "demo")'),
      providers: z.array(z.string()).describe('Real providers whose scheduled refreshes this server runs'),
    })
    .describe('Where market data comes from, so screens can say whether prices are real'),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const getAppInfo = defineRoute({
  method: 'GET',
  path: paths.getAppInfo,
  group: 'public',
  summary: 'Server version, runtime mode and roles',
  tags: ['core'],
  response: AppInfo,
});

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const getDevOutbox = defineRoute({
  method: 'GET',
  path: paths.getDevOutbox,
  group: 'public',
  summary:
    'The local mailbox: messages kept instead of sent (embedded and local, or while the dev flag is on; never with SMTP)',
  tags: ['dev'],
  query: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Only the messages to this address (any case): one person's codes among everyone's mail. */
    to: z.string().trim().min(1).max(320).check(wellFormedText).optional(),
  }),
  response: z.object({ messages: z.array(OutboxMessage) }),
});

/** The providers a visitor may sign in with besides email (SPEC §1). */
export const FederatedProviderName = z.enum(['google', 'apple']);
export type FederatedProviderName = z.infer<typeof FederatedProviderName>;

export const SignInOptions = z.object({
  /** The providers this server is configured to federate with; no other is offered. */
  federatedProviders: z.array(FederatedProviderName),
  /** Whether this client may read the local mailbox (`/dev/mail`), where codes go while no SMTP is configured. */
  localMailbox: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

export const getSignInOptions = defineRoute({
  method: 'GET',
  path: paths.getSignInOptions,
  group: 'public',
  summary: 'Which sign-in providers exist and whether this client can read the local mailbox',
  tags: ['core'],
  response: SignInOptions,
});
