import type { BodyOf, deleteMe, getMe, postAvatar, ResponseOf, syncFromIdentity, updateUser } from '@eh/contracts';
import { api } from '../../app/api.ts';
import { preferences } from '../../app/preferences.ts';

const ME_PATH: (typeof getMe)['path'] = '/core/users/me';
const AVATAR_PATH: (typeof postAvatar)['path'] = '/core/users/me/avatar';
const USER_PATH: (typeof updateUser)['path'] = '/core/users/:id';
const SYNC_PATH: (typeof syncFromIdentity)['path'] = '/core/users/:id/cognito';

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
