import type { getAppInfo, ResponseOf } from '@eh/contracts';
import { api } from '../../app/api.ts';

const APP_INFO_PATH: (typeof getAppInfo)['path'] = '/core/app-info';

export const appInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppInfo: build.query<ResponseOf<typeof getAppInfo>, void>({
      query: () => APP_INFO_PATH,
      providesTags: ['AppInfo'],
    }),
  }),
});

export const { useGetAppInfoQuery } = appInfoApi;
