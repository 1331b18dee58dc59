import type { BodyOf, postFeedback, ResponseOf } from '@eh/contracts';
import { api } from '../../app/api.ts';

const FEEDBACK_PATH: (typeof postFeedback)['path'] = '/core/feedback';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    postFeedback: build.mutation<ResponseOf<typeof postFeedback>, BodyOf<typeof postFeedback>>({
      query: (body) => ({ url: FEEDBACK_PATH, method: 'POST', body }),
    }),
  }),
});

export const { usePostFeedbackMutation } = feedbackApi;
