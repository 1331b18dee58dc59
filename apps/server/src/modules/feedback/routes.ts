import { postFeedback } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Feedback anyone may send, kept with the browser that sent it. */
export async function feedbackRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, postFeedback, async (req) => service.submitFeedback(ctx, req.body, req.headers['user-agent']));
}
