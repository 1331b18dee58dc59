import type { BodyOf, postFeedback, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const FEEDBACK_PATH = paths.postFeedback;

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    postFeedback: build.mutation<ResponseOf<typeof postFeedback>, BodyOf<typeof postFeedback>>({
      query: (body) => ({ url: FEEDBACK_PATH, method: 'POST', body }),
    }),
  }),
});

export const { usePostFeedbackMutation } = feedbackApi;
