import type { getSignInOptions, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const SIGN_IN_OPTIONS_PATH = paths.getSignInOptions;

/** Which providers the server offers and whether this browser can read the local mailbox. */
export const signInOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSignInOptions: build.query<ResponseOf<typeof getSignInOptions>, void>({
      query: () => ({ url: SIGN_IN_OPTIONS_PATH }),
    }),
  }),
});

export const { useGetSignInOptionsQuery } = signInOptionsApi;
