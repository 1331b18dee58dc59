import { COMMUNITY_POST_MAX_CHARS, DEFAULT_LIMITS, normalisePostText, postTextProblem } from '@eh/domain';
import { z } from 'zod';
import { limitParam } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { LiveCommunityPost } from './sync.ts';
import { SafeString } from './text.ts';

/**
 * SPEC §7 events-community: the comments of an event (a call's comments panel). Anyone reads; a signed-in member
 * posts; the author edits and deletes their own, a super admin deletes anyone's (PATCH and DELETE are ours, not
 * SPEC's: docs/decisions/0026). Every change is pushed on the live socket as `events_community_post`.
 */

const TAGS = ['events-community'];

/** A post as the API and the socket show it (`updatedAt`: the last edit, null when never edited). */
export const CommunityPost = LiveCommunityPost;
export type CommunityPost = z.infer<typeof CommunityPost>;

const EventId = z.coerce
  .number({ error: 'must be an event id' })
  .int('must be an event id')
  .positive('must be an event id')
  .max(2_147_483_647, 'must be an event id');

/**
 * A post's text: plain text (markup is kept as typed and shown as text, never run), normalised (NFC, \n line
 * breaks, invisible formatting characters removed, blank-line runs shortened, trimmed), then 1 to
 * {@link COMMUNITY_POST_MAX_CHARS} characters in at most 20 lines.
 */
export const PostContent = SafeString.max(
  COMMUNITY_POST_MAX_CHARS * 4,
  `must be at most ${COMMUNITY_POST_MAX_CHARS} characters`,
)
  .transform(normalisePostText)
  .superRefine((text, ctx) => {
    const problem = postTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  });

/** The paging key of GET /events-community/posts: where the page ended (opaque to clients). */
export const PostsKey = SafeString.max(200, 'must be a lastKey from a previous page').transform((value, ctx) => {
  const decoded = decodePostsKey(value);
  if (!decoded) {
    ctx.addIssue({ code: 'custom', message: 'must be a lastKey from a previous page', input: value });
    return z.NEVER;
  }
  return decoded;
});

export interface PostsCursor {
  /** The post's creation instant to the microsecond, as PostgreSQL wrote it (ISO, UTC). */
  createdAt: string;
  id: string;
}

const KEY_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;

export function encodePostsKey(cursor: PostsCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodePostsKey(key: string): PostsCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return null;
  let text: string;
  try {
    text = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = KEY_PATTERN.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1] as string))) return null;
  return { createdAt: match[1] as string, id: match[2] as string };
}

/** Who reads: what the client may offer on each post (its own: edit and delete; a super admin: delete any). */
export const CommunityViewer = z.object({
  userId: z.string().nullable(),
  superAdmin: z.boolean(),
});

export const getCommunityPosts = defineRoute({
  method: 'GET',
  path: paths.getCommunityPosts,
  group: 'public',
  summary: `An event's posts, newest first, ${DEFAULT_LIMITS.eventPosts} a page by default; \`lastKey\` (from the previous page) reads the next older page, null when there is none`,
  tags: TAGS,
  query: z.object({
    eventId: EventId,
    limit: limitParam(DEFAULT_LIMITS.eventPosts),
    lastKey: PostsKey.optional(),
  }),
  response: z.object({
    posts: z.array(CommunityPost),
    lastKey: z.string().nullable(),
    viewer: CommunityViewer,
  }),
});

export const getCommunityPost = defineRoute({
  method: 'GET',
  path: paths.getCommunityPost,
  group: 'public',
  summary: 'One post (404 once deleted)',
  tags: TAGS,
  params: z.object({ id: z.uuid('must be a post id') }),
  response: CommunityPost,
});

export const createCommunityPost = defineRoute({
  method: 'POST',
  path: paths.createCommunityPost,
  group: 'portfolios',
  summary:
    'Post on an event (signed in). 429 past 5 posts a minute or 60 an hour per member; pushed as events_community_post created',
  tags: TAGS,
  body: z.strictObject({ eventId: EventId, content: PostContent }),
  status: 201,
  response: CommunityPost,
});

export const updateCommunityPost = defineRoute({
  method: 'PATCH',
  path: paths.updateCommunityPost,
  group: 'portfolios',
  summary: "Edit one's own post (the author only; 10 edits at most); pushed as events_community_post updated",
  tags: TAGS,
  params: z.object({ id: z.uuid('must be a post id') }),
  body: z.strictObject({ content: PostContent }),
  response: CommunityPost,
});

export const deleteCommunityPost = defineRoute({
  method: 'DELETE',
  path: paths.deleteCommunityPost,
  group: 'portfolios',
  summary: 'Delete a post: the author their own, a super admin any; pushed as events_community_post deleted',
  tags: TAGS,
  params: z.object({ id: z.uuid('must be a post id') }),
  response: z.object({ id: z.string(), eventId: z.number().int(), deleted: z.literal(true) }),
});

export const setSuperAdmin = defineRoute({
  method: 'PUT',
  path: paths.setSuperAdmin,
  group: 'public',
  summary: "Make a user a super admin or not, by email (admin token required): super admins delete anyone's posts",
  tags: ['admin'],
  body: z.strictObject({ email: z.email(), superAdmin: z.boolean() }),
  response: z.object({ id: z.uuid(), email: z.string(), superAdmin: z.boolean() }),
});
