import { getReleaseNotes } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** The release notes of a platform, newest first. */
export async function releaseNotesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getReleaseNotes, async (req) => service.getReleaseNotes(ctx, req.query));
}
