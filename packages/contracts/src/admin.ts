import { z } from 'zod';
import { limitParam } from './common.ts';
import { FlagName, FlagValue, ReleaseNote, ReleaseNotePlatform } from './core.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/**
 * The admin API under /api/admin (docs/decisions/0031): every call is refused unless the caller is a
 * signed-in super admin (`users.super_admin`, set with `npm run users -- set-admin EMAIL`) or the operator's admin
 * token (the flags and users commands talking to a running embedded server, decision 0002): 401 signed out, 403
 * signed in without the flag.
 */

/** Operator calls (the CLI) carry this header instead of a super admin's session. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
export const FLAG_MESSAGE_MAX = 500;
const TAGS = ['admin'] as const;

/** Who the guard let in: a super admin's session, or the operator's token (no user). */
export const AdminPrincipal = z.object({
  via: z.enum(['session', 'token']),
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
});
export type AdminPrincipal = z.infer<typeof AdminPrincipal>;

export const getAdminSession = defineRoute({
  method: 'GET',
  path: paths.getAdminSession,
  group: 'portfolios',
  summary: 'Whether the caller may use the admin API (200 for a super admin, 401 signed out, 403 otherwise)',
  tags: TAGS,
  response: AdminPrincipal,
});

// ---- flags and messages -----------------------------------------------------------------------------------------

export const getAdminFlags = defineRoute({
  method: 'GET',
  path: paths.getAdminFlags,
  group: 'portfolios',
  summary: 'Every SPEC feature flag with its message, for both platforms (maintenance web and mobile included)',
  tags: TAGS,
  response: z.object({ flags: z.array(FlagValue.extend({ name: FlagName })) }),
});

export const putFlag = defineRoute({
  method: 'PUT',
  path: paths.putFlag,
  group: 'portfolios',
  summary: 'Turn a feature flag on or off, and set or clear its message',
  tags: TAGS,
  params: z.object({ name: FlagName }),
  body: z.object({
    enabled: z.boolean(),
    /** Omitted keeps the stored message; null clears it. */
    message: SafeString.trim().max(FLAG_MESSAGE_MAX).nullable().optional(),
  }),
  response: FlagValue.extend({ name: FlagName }),
});

// ---- release notes ----------------------------------------------------------------------------------------------

export const RELEASE_NOTE_TITLE_MAX = 120;
export const RELEASE_NOTE_ITEM_MAX = 500;
export const RELEASE_NOTE_ITEMS_MAX = 20;
export const RELEASE_NOTE_VERSION_MAX = 40;

/** A release note as an admin writes it (SPEC §4: notes are platform-specific, web or native). */
export const ReleaseNoteInput = z.strictObject({
  platform: ReleaseNotePlatform,
  version: SafeString.trim()
    .min(1, 'must not be empty')
    .max(RELEASE_NOTE_VERSION_MAX)
    .regex(/^[0-9A-Za-z.+-]+$/, 'must be a version like 1.2.0'),
  date: SafeString.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real calendar date'),
  title: SafeString.trim().min(1, 'must not be empty').max(RELEASE_NOTE_TITLE_MAX),
  items: z
    .array(SafeString.trim().min(1, 'must not be empty').max(RELEASE_NOTE_ITEM_MAX))
    .min(1, 'must list at least one change')
    .max(RELEASE_NOTE_ITEMS_MAX),
});
export type ReleaseNoteInput = z.infer<typeof ReleaseNoteInput>;

const NoteId = z.object({
  id: z.coerce
    .number({ error: 'must be a release note id' })
    .int('must be a release note id')
    .positive('must be a release note id')
    .max(2_147_483_647, 'must be a release note id'),
});

export const getAdminReleaseNotes = defineRoute({
  method: 'GET',
  path: paths.getAdminReleaseNotes,
  group: 'portfolios',
  summary: 'Every release note of one platform, newest first',
  tags: TAGS,
  query: z.object({ platform: ReleaseNotePlatform.default('web') }),
  response: z.object({ notes: z.array(ReleaseNote) }),
});

export const postAdminReleaseNote = defineRoute({
  method: 'POST',
  path: paths.postAdminReleaseNote,
  group: 'portfolios',
  summary: 'Publish a release note for web or native',
  tags: TAGS,
  body: ReleaseNoteInput,
  status: 201,
  response: ReleaseNote,
});

export const putAdminReleaseNote = defineRoute({
  method: 'PUT',
  path: paths.putAdminReleaseNote,
  group: 'portfolios',
  summary: 'Rewrite a release note',
  tags: TAGS,
  params: NoteId,
  body: ReleaseNoteInput,
  response: ReleaseNote,
});

export const deleteAdminReleaseNote = defineRoute({
  method: 'DELETE',
  path: paths.deleteAdminReleaseNote,
  group: 'portfolios',
  summary: 'Remove a release note',
  tags: TAGS,
  params: NoteId,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

// ---- community moderation ---------------------------------------------------------------------------------------

export const ADMIN_POSTS_DEFAULT_LIMIT = 50;

export const AdminCommunityPost = z.object({
  id: z.uuid(),
  eventId: z.number().int(),
  eventTitle: z.string().nullable(),
  symbol: z.string().nullable(),
  userId: z.uuid(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type AdminCommunityPost = z.infer<typeof AdminCommunityPost>;

export const getAdminCommunityPosts = defineRoute({
  method: 'GET',
  path: paths.getAdminCommunityPosts,
  group: 'portfolios',
  summary: 'The newest community posts across every event (deleted ones left out)',
  tags: TAGS,
  query: z.object({ limit: limitParam(ADMIN_POSTS_DEFAULT_LIMIT) }),
  response: z.object({ posts: z.array(AdminCommunityPost) }),
});

export const deleteAdminCommunityPost = defineRoute({
  method: 'DELETE',
  path: paths.deleteAdminCommunityPost,
  group: 'portfolios',
  summary: "Delete anyone's post as a moderator; pushed to the event's followers as events_community_post deleted",
  tags: TAGS,
  params: z.object({ id: z.uuid('must be a post id') }),
  response: z.object({ id: z.string(), eventId: z.number().int(), deleted: z.literal(true) }),
});

// ---- ingestion --------------------------------------------------------------------------------------------------

/** The kill switch's scope: every provider, or one by name (decision 0006). */
export const INGESTION_ALL = 'all';
export const IngestionScope = SafeString.trim()
  .min(1, "must be 'all' or a provider name")
  .max(40, "must be 'all' or a provider name")
  .regex(/^[a-z0-9-]+$/, "must be 'all' or a provider name");

export const IngestionSwitch = z.object({
  scope: z.string(),
  stopped: z.boolean(),
  message: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const IngestionRun = z.object({
  provider: z.string(),
  dataset: z.string(),
  status: z.enum(['running', 'succeeded', 'failed', 'partial']),
  added: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const IngestionStatus = z.object({
  /** Every known provider, and whether the worker would take its jobs now. */
  providers: z.array(
    z.object({
      name: z.string(),
      /** The worker's schedules refresh it (the demo market when seeded, others named in INGEST_PROVIDERS). */
      scheduled: z.boolean(),
      stopped: z.boolean(),
      message: z.string().nullable(),
      lastRunAt: z.string().nullable(),
    }),
  ),
  switches: z.array(IngestionSwitch),
  /** The newest run of each provider and dataset. */
  lastRuns: z.array(IngestionRun),
  /** Jobs by status (queued, running, failed, done) as the queue holds them now. */
  queue: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
    done: z.number().int(),
  }),
  /** The newest failures: failed jobs and jobs waiting for a retry after an error. */
  errors: z.array(
    z.object({
      jobId: z.number().int(),
      name: z.string(),
      provider: z.string().nullable(),
      status: z.string(),
      attempts: z.number().int(),
      lastError: z.string(),
      at: z.string(),
    }),
  ),
});
export type IngestionStatus = z.infer<typeof IngestionStatus>;

export const getAdminIngestion = defineRoute({
  method: 'GET',
  path: paths.getAdminIngestion,
  group: 'portfolios',
  summary: 'Ingestion status: the kill switches, the last run per provider and dataset, the queue and its errors',
  tags: TAGS,
  response: IngestionStatus,
});

export const putAdminIngestionSwitch = defineRoute({
  method: 'PUT',
  path: paths.putAdminIngestionSwitch,
  group: 'portfolios',
  summary: 'Pause or resume ingestion of every provider or one: the worker claims none of its jobs while paused',
  tags: TAGS,
  body: z.strictObject({
    scope: IngestionScope,
    stopped: z.boolean(),
    message: SafeString.trim().max(FLAG_MESSAGE_MAX).nullable().optional(),
  }),
  response: IngestionSwitch,
});
