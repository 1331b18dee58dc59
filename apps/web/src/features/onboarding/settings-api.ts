import type { BodyOf, getSettings, postSettings, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const SETTINGS_PATH = paths.getSettings;

export type UserSettings = ResponseOf<typeof getSettings>;

/**
 * The user's settings kept on the server (SPEC §7 GET/POST /core/users/me/settings; the server merges by top-level
 * key). Onboarding keeps its record there, so it follows the account across devices. A save is applied to the
 * cached settings at once and undone when the server refuses (SPEC §4).
 */
export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['UserSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserSettings: build.query<UserSettings, void>({
      query: () => SETTINGS_PATH,
      providesTags: ['UserSettings'],
    }),
    saveUserSettings: build.mutation<UserSettings, BodyOf<typeof postSettings>>({
      query: (body) => ({ url: SETTINGS_PATH, method: 'POST', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('getUserSettings', undefined, (draft) => {
            Object.assign(draft.settings, body.settings);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getUserSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetUserSettingsQuery, useSaveUserSettingsMutation } = settingsApi;
