import { PLANS } from '@eh/domain';
import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/** Until billing exists an admin sets plans (`npm run users -- set-plan EMAIL PLAN`), through this when a server runs. */
export const setUserPlan = defineRoute({
  method: 'PUT',
  path: paths.setUserPlan,
  group: 'public',
  summary:
    "Set a user's plan by email (admin token required): paid and active with the next charge 30 days ahead, or free",
  tags: ['admin'],
  body: z.strictObject({ email: z.email(), plan: z.enum(PLANS) }),
  response: z.object({
    id: z.uuid(),
    email: z.string(),
    plan: z.enum(PLANS),
    subscriptionType: z.enum(['free', 'paid']),
    status: z.enum(['active', 'delinquent', 'pending', 'canceled']),
    nextChargeDate: z.iso.datetime().nullable(),
  }),
});
