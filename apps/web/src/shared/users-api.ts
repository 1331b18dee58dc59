import type { BodyOf, deleteMe, getMe, postAvatar, ResponseOf, syncFromIdentity, updateUser } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from './api.ts';
import { preferences } from './preferences.ts';

const ME_PATH = paths.getMe;
const AVATAR_PATH = paths.postAvatar;
const USER_PATH = paths.updateUser;
const SYNC_PATH = paths.syncFromIdentity;

export type Me = ResponseOf<typeof getMe>;

/** The signed-in user (SPEC §3 User): name, avatar, plan and features; every account screen reads it. */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Me'] }).injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => ME_PATH,
      providesTags: ['Me'],
      // SPEC §6's client-side flag, kept for the next start (cleared at sign-out).
      async onQueryStarted(_, { queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) preferences.set('superAdmin', data.superAdmin);
      },
    }),
    updateMe: build.mutation<Me, { id: string } & BodyOf<typeof updateUser>>({
      query: ({ id, ...body }) => ({ url: USER_PATH.replace(':id', encodeURIComponent(id)), method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    postAvatar: build.mutation<ResponseOf<typeof postAvatar>, BodyOf<typeof postAvatar>>({
      query: (body) => ({ url: AVATAR_PATH, method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** After an email change: the account takes the identity's new address and verified flag. */
    syncFromIdentity: build.mutation<ResponseOf<typeof syncFromIdentity>, { id: string }>({
      query: ({ id }) => ({ url: SYNC_PATH.replace(':id', encodeURIComponent(id)), method: 'POST' }),
      invalidatesTags: ['Me'],
    }),
    deleteMe: build.mutation<ResponseOf<typeof deleteMe>, void>({
      query: () => ({ url: ME_PATH, method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetMeQuery,
  useUpdateMeMutation,
  usePostAvatarMutation,
  useSyncFromIdentityMutation,
  useDeleteMeMutation,
} = usersApi;
