import { getLiveTranscript, LIVE_TRANSCRIPT_MAX_SEGMENTS } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** A live call's transcript so far (public; a closed call's needs the transcript feature). */
export async function liveCallsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  mount(app, getLiveTranscript, async (req) =>
    service.liveTranscript(ctx, await featuresOf(ctx, req.caller), req.params.id, LIVE_TRANSCRIPT_MAX_SEGMENTS),
  );
}
