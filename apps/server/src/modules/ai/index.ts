import { LIVE_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { AI_JOB_HANDLERS, SUMMARY_POLL_MS } from './summaries.ts';

export { transcriptSummariesSeed } from './jobs.ts';

/** AI summaries in a lane of their own: a model call may take a minute, and never holds up ingestion or notifications. */
export const aiModule: ServerModule = {
  name: 'ai',
  jobs: { lane: 'ai', handlers: AI_JOB_HANDLERS, pollMs: SUMMARY_POLL_MS },
  publishes: [LIVE_CHANNEL],
};
