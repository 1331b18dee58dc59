import { z } from 'zod';
import { FlagName, FlagValue } from './core.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/** Admin calls carry this header; the flags CLI uses it to reach a running embedded server. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
export const FLAG_MESSAGE_MAX = 500;

export const putFlag = defineRoute({
  method: 'PUT',
  path: '/admin/flags/:name',
  group: 'public',
  summary: 'Turn a feature flag on or off (admin token required)',
  tags: ['admin'],
  params: z.object({ name: FlagName }),
  body: z.object({
    enabled: z.boolean(),
    /** Omitted keeps the stored message; null clears it. */
    message: SafeString.trim().max(FLAG_MESSAGE_MAX).nullable().optional(),
  }),
  response: FlagValue.extend({ name: FlagName }),
});
