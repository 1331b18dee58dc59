import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { preferences } from './preferences.ts';

export interface ReleaseNotesState {
  /** Date of the newest note the user has seen (SPEC §4), kept in preferences. */
  lastSeenDate: string | null;
}

export const releaseNotesSlice = createSlice({
  name: 'releaseNotes',
  initialState: (): ReleaseNotesState => ({ lastSeenDate: preferences.get('lastSeenReleaseNoteDate') }),
  reducers: {
    releaseNotesSeen(state, action: PayloadAction<string>) {
      state.lastSeenDate = action.payload;
    },
  },
  selectors: {
    selectLastSeenReleaseNoteDate: (state) => state.lastSeenDate,
  },
});

export const { releaseNotesSeen } = releaseNotesSlice.actions;
export const { selectLastSeenReleaseNoteDate } = releaseNotesSlice.selectors;
