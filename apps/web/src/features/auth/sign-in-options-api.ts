import type { getSignInOptions, ResponseOf } from '@eh/contracts';
import { api } from '../../app/api.ts';

const SIGN_IN_OPTIONS_PATH: (typeof getSignInOptions)['path'] = '/core/sign-in-options';

/** Which providers the server offers and whether this browser can read the local mailbox. */
export const signInOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSignInOptions: build.query<ResponseOf<typeof getSignInOptions>, void>({
      query: () => ({ url: SIGN_IN_OPTIONS_PATH }),
    }),
  }),
});

export const { useGetSignInOptionsQuery } = signInOptionsApi;
