import type {
  BodyOf,
  deleteAdminCommunityPost,
  deleteAdminReleaseNote,
  getAdminCommunityPosts,
  getAdminFlags,
  getAdminIngestion,
  getAdminReleaseNotes,
  getAdminSession,
  postAdminReleaseNote,
  putAdminIngestionSwitch,
  putFlag,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const SESSION_PATH = paths.getAdminSession;
const FLAGS_PATH = paths.getAdminFlags;
const FLAG_PATH = paths.putFlag;
const NOTES_PATH = paths.getAdminReleaseNotes;
const NOTE_PATH = paths.putAdminReleaseNote;
const POSTS_PATH = paths.getAdminCommunityPosts;
const POST_PATH = paths.deleteAdminCommunityPost;
const INGESTION_PATH = paths.getAdminIngestion;
const SWITCH_PATH = paths.putAdminIngestionSwitch;

export type AdminSession = ResponseOf<typeof getAdminSession>;
export type AdminFlag = ResponseOf<typeof getAdminFlags>['flags'][number];
export type AdminFlagChange = { name: AdminFlag['name'] } & BodyOf<typeof putFlag>;
export type AdminReleaseNote = ResponseOf<typeof getAdminReleaseNotes>['notes'][number];
export type ReleaseNoteDraft = BodyOf<typeof postAdminReleaseNote>;
export type AdminPost = ResponseOf<typeof getAdminCommunityPosts>['posts'][number];
export type IngestionStatus = ResponseOf<typeof getAdminIngestion>;
export type IngestionSwitchChange = BodyOf<typeof putAdminIngestionSwitch>;

const withId = (path: string, id: string | number) => path.replace(':id', encodeURIComponent(String(id)));

/** The super-admin tools: every call goes to /api/admin, where the server checks the flag. */
export const adminApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminFlags', 'AdminReleaseNotes', 'AdminPosts', 'AdminIngestion'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminSession: build.query<AdminSession, void>({ query: () => SESSION_PATH }),
      getAdminFlags: build.query<ResponseOf<typeof getAdminFlags>, void>({
        query: () => FLAGS_PATH,
        providesTags: ['AdminFlags'],
      }),
      setAdminFlag: build.mutation<ResponseOf<typeof putFlag>, AdminFlagChange>({
        query: ({ name, ...body }) => ({ url: FLAG_PATH.replace(':name', name), method: 'PUT', body }),
        invalidatesTags: ['AdminFlags'],
      }),
      getAdminReleaseNotes: build.query<ResponseOf<typeof getAdminReleaseNotes>, { platform: 'web' | 'native' }>({
        query: ({ platform }) => ({ url: NOTES_PATH, params: { platform } }),
        providesTags: (_r, _e, { platform }) => [{ type: 'AdminReleaseNotes', id: platform }],
      }),
      addReleaseNote: build.mutation<AdminReleaseNote, ReleaseNoteDraft>({
        query: (body) => ({ url: NOTES_PATH, method: 'POST', body }),
        invalidatesTags: ['AdminReleaseNotes', 'ReleaseNotes'],
      }),
      editReleaseNote: build.mutation<AdminReleaseNote, { id: number } & ReleaseNoteDraft>({
        query: ({ id, ...body }) => ({ url: withId(NOTE_PATH, id), method: 'PUT', body }),
        invalidatesTags: ['AdminReleaseNotes', 'ReleaseNotes'],
      }),
      deleteReleaseNote: build.mutation<ResponseOf<typeof deleteAdminReleaseNote>, { id: number }>({
        query: ({ id }) => ({ url: withId(NOTE_PATH, id), method: 'DELETE' }),
        invalidatesTags: ['AdminReleaseNotes', 'ReleaseNotes'],
      }),
      getAdminPosts: build.query<ResponseOf<typeof getAdminCommunityPosts>, { limit?: number }>({
        query: ({ limit }) => ({ url: POSTS_PATH, params: limit ? { limit } : {} }),
        providesTags: ['AdminPosts'],
      }),
      deleteAdminPost: build.mutation<ResponseOf<typeof deleteAdminCommunityPost>, { id: string }>({
        query: ({ id }) => ({ url: withId(POST_PATH, id), method: 'DELETE' }),
        invalidatesTags: ['AdminPosts'],
      }),
      getIngestion: build.query<IngestionStatus, void>({
        query: () => INGESTION_PATH,
        providesTags: ['AdminIngestion'],
      }),
      setIngestionSwitch: build.mutation<ResponseOf<typeof putAdminIngestionSwitch>, IngestionSwitchChange>({
        query: (body) => ({ url: SWITCH_PATH, method: 'PUT', body }),
        invalidatesTags: ['AdminIngestion'],
      }),
    }),
  });

export const {
  useGetAdminSessionQuery,
  useGetAdminFlagsQuery,
  useSetAdminFlagMutation,
  useGetAdminReleaseNotesQuery,
  useAddReleaseNoteMutation,
  useEditReleaseNoteMutation,
  useDeleteReleaseNoteMutation,
  useGetAdminPostsQuery,
  useDeleteAdminPostMutation,
  useGetIngestionQuery,
  useSetIngestionSwitchMutation,
} = adminApi;
