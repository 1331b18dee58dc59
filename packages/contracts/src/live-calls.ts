import { z } from 'zod';
import { PremiumMarker } from './earnings.ts';
import { EventStatusSchema } from './events.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/**
 * A live call's transcript: sentences as they are spoken, each with its speaker and turn. The socket's
 * `event` message carries the new ones (`segments`) while the call is live; GET /events/{id}/live-transcript gives
 * what was said so far to a client that opens the call late (not in SPEC §7: docs/decisions/0026).
 */

export const LiveTranscriptSegment = z.object({
  /** 0, 1, 2… in the order spoken; a client merges by it (the page's read and the socket may overlap). */
  seq: z.number().int().min(0),
  speaker: z.string(),
  /** The speaker's company or role ("Analyst"); null for the operator. */
  role: z.string().nullable(),
  /** The part of the call: Operator, Prepared Remarks, Q&A. */
  section: z.string().nullable(),
  /** Consecutive segments of one speaker share a turn. */
  turn: z.number().int().min(0),
  text: z.string(),
  spokenAt: z.iso.datetime(),
});
export type LiveTranscriptSegment = z.infer<typeof LiveTranscriptSegment>;

/** Most segments one read returns (a long real call has about 600 sentences). */
export const LIVE_TRANSCRIPT_MAX_SEGMENTS = 5000;

export const getLiveTranscript = defineRoute({
  method: 'GET',
  path: paths.getLiveTranscript,
  group: 'public',
  summary:
    "What a call's live transcript has said so far, in order. Free while the call is live; once it has closed, the transcript plan feature is needed (`gated` says so and `segments` is empty)",
  tags: ['events'],
  params: z.object({
    id: z.coerce
      .number({ error: 'must be an event id' })
      .int('must be an event id')
      .positive('must be an event id')
      .max(2_147_483_647, 'must be an event id'),
  }),
  response: z.object({
    eventId: z.number().int(),
    eventStatus: EventStatusSchema,
    /** Whether this call has a live transcript at all (the demo's replays do; a call without a feed does not). */
    available: z.boolean(),
    segments: z.array(LiveTranscriptSegment),
    gated: PremiumMarker.nullable(),
  }),
});
