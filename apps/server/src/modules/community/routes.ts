import {
  createCommunityPost,
  deleteCommunityPost,
  getCommunityPost,
  getCommunityPosts,
  updateCommunityPost,
} from '@eh/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { callerOf, identifyCaller } from '../../kernel/http/auth.ts';
import { HttpError } from '../../kernel/http/errors.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** A refused post says when to try again, in the header too. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = (error as HttpError).details as { retryAfterSeconds?: number } | undefined;
    if (error instanceof HttpError && error.statusCode === 429 && seconds?.retryAfterSeconds)
      reply.header('retry-after', String(seconds.retryAfterSeconds));
    throw error;
  }
}

/**
 * SPEC §7 events-community: reads are public (a valid token only says who reads, for the edit and delete
 * offers); writes need a signed-in caller (401 otherwise), edits the author, deletes the author or a super admin.
 */
export async function communityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  mount(app, getCommunityPosts, async (req) => service.list(ctx, req.caller, req.query));
  mount(app, getCommunityPost, async (req) => service.one(ctx, req.params.id));
  mount(app, createCommunityPost, async (req, reply) =>
    withRetryAfter(reply, () => service.create(ctx, callerOf(req), req.body)),
  );
  mount(app, updateCommunityPost, async (req) => service.update(ctx, callerOf(req), req.params.id, req.body));
  mount(app, deleteCommunityPost, async (req) => service.remove(ctx, callerOf(req), req.params.id));
}
