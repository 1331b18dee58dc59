import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  /** 'unknown' until startup has looked for a stored session (SPEC §4: then auth is initialised). */
  status: 'unknown' | 'signedOut' | 'signedIn';
  email: string | null;
  /**
   * Signed in for this visit by a `?token=` link: the API trusts the token, but there is no identity session, so
   * password, authenticator and device settings need a sign-in with the password first.
   */
  viaLink: boolean;
}

const initialState: AuthState = { status: 'unknown', email: null, viaLink: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (state, action: PayloadAction<{ email: string | null; viaLink?: boolean }>) => {
      state.status = 'signedIn';
      state.email = action.payload.email;
      state.viaLink = action.payload.viaLink ?? false;
    },
    signedOut: (state) => {
      state.status = 'signedOut';
      state.email = null;
      state.viaLink = false;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;
