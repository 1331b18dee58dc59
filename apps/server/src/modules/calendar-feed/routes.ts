import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed, getCalendarFeedIcs } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import { matchesEtag } from '../quotes/index.ts';
import * as service from './service.ts';

/** The personal calendar feed: its secret address on the profile (portfolios), and the feed itself (public). */
export async function calendarFeedRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // `{secret}.ics` as a wildcard, not a `:param`: the router would answer an over-long one 414 instead of 404.
  app.route({
    method: getCalendarFeedIcs.method,
    url: getCalendarFeedIcs.path,
    schema: {
      summary: getCalendarFeedIcs.summary,
      tags: [...getCalendarFeedIcs.tags],
      params: getCalendarFeedIcs.params,
    },
    handler: async (request, reply) => {
      const { '*': file } = request.params as { '*': string };
      const feed = await service.feedFile(ctx, file);
      reply
        .header('etag', feed.etag)
        .header('cache-control', service.FEED_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // The address is the credential: pages it links to never learn it.
        .header('referrer-policy', 'no-referrer');
      if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  });
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getCalendarFeed, async (req) => service.get(ctx, callerOf(req)));
    mount(portfolios, createCalendarFeed, async (req) => service.rotate(ctx, callerOf(req)));
    mount(portfolios, deleteCalendarFeed, async (req) => service.revoke(ctx, callerOf(req)));
  });
}
