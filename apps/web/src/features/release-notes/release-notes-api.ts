import type { getReleaseNotes, QueryOf, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const RELEASE_NOTES_PATH = paths.getReleaseNotes;

export type ReleaseNotesResponse = ResponseOf<typeof getReleaseNotes>;
export interface ReleaseNotesArgs {
  platform: 'web' | 'native';
  limit?: number;
}

/** How many notes the modal lists (the newest first). */
export const RELEASE_NOTES_LIMIT = 20;

export const releaseNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReleaseNotes: build.query<ReleaseNotesResponse, ReleaseNotesArgs>({
      query: ({ platform, limit = RELEASE_NOTES_LIMIT }) => ({
        url: RELEASE_NOTES_PATH,
        params: { platform, limit } satisfies QueryOf<typeof getReleaseNotes>,
      }),
      providesTags: (_result, _error, { platform }) => [{ type: 'ReleaseNotes', id: platform }],
    }),
  }),
});

export const { useGetReleaseNotesQuery } = releaseNotesApi;
