import type {
  addSavedCallSearch,
  BodyOf,
  getCallMentionTrends,
  getSavedCallSearches,
  ResponseOf,
  searchCalls,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

export type CallSearchResponse = ResponseOf<typeof searchCalls>;
export type CallHit = CallSearchResponse['calls'][number];
export type MentionTrends = ResponseOf<typeof getCallMentionTrends>;
export type SavedSearches = ResponseOf<typeof getSavedCallSearches>;
/** The query string a search sends: the URL's own parameters, as strings. */
export type CallSearchArgs = Record<string, string>;

/** Search inside calls: results by page (the cursor is an argument), mention trends, and the saved searches. */
export const callSearchApi = api.enhanceEndpoints({ addTagTypes: ['SavedCallSearches'] }).injectEndpoints({
  endpoints: (build) => ({
    searchCalls: build.query<CallSearchResponse, CallSearchArgs>({
      query: (params) => ({ url: paths.searchCalls, params }),
    }),
    getCallMentionTrends: build.query<MentionTrends, CallSearchArgs>({
      query: (params) => ({ url: paths.getCallMentionTrends, params }),
    }),
    getSavedCallSearches: build.query<SavedSearches, void>({
      query: () => paths.getSavedCallSearches,
      providesTags: ['SavedCallSearches'],
    }),
    addSavedCallSearch: build.mutation<ResponseOf<typeof addSavedCallSearch>, BodyOf<typeof addSavedCallSearch>>({
      query: (body) => ({ url: paths.addSavedCallSearch, method: 'POST', body }),
      invalidatesTags: ['SavedCallSearches'],
    }),
    deleteSavedCallSearch: build.mutation<unknown, string>({
      query: (id) => ({ url: paths.deleteSavedCallSearch.replace(':id', encodeURIComponent(id)), method: 'DELETE' }),
      invalidatesTags: ['SavedCallSearches'],
    }),
  }),
});

export const {
  useSearchCallsQuery,
  useGetCallMentionTrendsQuery,
  useGetSavedCallSearchesQuery,
  useAddSavedCallSearchMutation,
  useDeleteSavedCallSearchMutation,
} = callSearchApi;
