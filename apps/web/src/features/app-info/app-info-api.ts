import type { getAppInfo, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const APP_INFO_PATH = paths.getAppInfo;

export const appInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppInfo: build.query<ResponseOf<typeof getAppInfo>, void>({
      query: () => APP_INFO_PATH,
      providesTags: ['AppInfo'],
    }),
  }),
});

export const { useGetAppInfoQuery } = appInfoApi;
