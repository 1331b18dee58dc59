import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  /** 'unknown' until startup has looked for a stored session (SPEC §4: then auth is initialised). */
  status: 'unknown' | 'signedOut' | 'signedIn';
  email: string | null;
}

const initialState: AuthState = { status: 'unknown', email: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (state, action: PayloadAction<{ email: string | null }>) => {
      state.status = 'signedIn';
      state.email = action.payload.email;
    },
    signedOut: (state) => {
      state.status = 'signedOut';
      state.email = null;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;
