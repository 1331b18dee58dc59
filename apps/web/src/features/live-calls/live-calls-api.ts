/**
 * The live call page's calls (SPEC §7 events-community, and GET /events/{id}/live-transcript): an event's posts
 * a page at a time, posting, editing and deleting, and what a live transcript has said so far. Types only from
 * `@eh/contracts`. Pages are read fresh (never cached between visits): the socket keeps the open page current.
 */

import type {
  BodyOf,
  CommunityPost,
  createCommunityPost,
  deleteCommunityPost,
  getCommunityPosts,
  getLiveTranscript,
  getYoutubeStream,
  ResponseOf,
  updateCommunityPost,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';
import { fillPath } from '../../shared/routes.ts';

const PATHS = {
  posts: paths.getCommunityPosts,
  post: paths.updateCommunityPost,
  deletePost: paths.deleteCommunityPost,
  transcript: paths.getLiveTranscript,
  youtubeStream: paths.getYoutubeStream,
};

export type PostsPage = ResponseOf<typeof getCommunityPosts>;
export type LiveTranscript = ResponseOf<typeof getLiveTranscript>;

export const liveCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommunityPosts: build.query<PostsPage, { eventId: number; lastKey?: string | undefined }>({
      query: ({ eventId, lastKey }) => ({ url: PATHS.posts, params: lastKey ? { eventId, lastKey } : { eventId } }),
      keepUnusedDataFor: 0,
    }),
    getLiveTranscript: build.query<LiveTranscript, { id: number }>({
      query: ({ id }) => ({ url: fillPath(PATHS.transcript, { id: String(id) }) }),
      keepUnusedDataFor: 0,
    }),
    getYoutubeStream: build.query<ResponseOf<typeof getYoutubeStream>, void>({
      query: () => ({ url: PATHS.youtubeStream }),
      keepUnusedDataFor: 0,
    }),
    createCommunityPost: build.mutation<CommunityPost, BodyOf<typeof createCommunityPost>>({
      query: (body) => ({ url: PATHS.posts, method: 'POST', body }),
    }),
    updateCommunityPost: build.mutation<CommunityPost, { id: string } & BodyOf<typeof updateCommunityPost>>({
      query: ({ id, ...body }) => ({ url: fillPath(PATHS.post, { id }), method: 'PATCH', body }),
    }),
    deleteCommunityPost: build.mutation<ResponseOf<typeof deleteCommunityPost>, { id: string }>({
      query: ({ id }) => ({ url: fillPath(PATHS.deletePost, { id }), method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetCommunityPostsQuery,
  useLazyGetCommunityPostsQuery,
  useGetLiveTranscriptQuery,
  useGetYoutubeStreamQuery,
  useCreateCommunityPostMutation,
  useUpdateCommunityPostMutation,
  useDeleteCommunityPostMutation,
} = liveCallsApi;
