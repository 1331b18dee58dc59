/**
 * The live socket in the store: its status (for the indicator, and to stop polling while quotes stream) and the
 * last 50 messages (SPEC §7). Injected into the root reducer when the socket starts (live-start.ts), after the
 * first paint; until then live-status.ts reads it as idle.
 */
import type { LiveServerMessage } from '@eh/contracts';
import { keepLast, LIVE_MESSAGES_KEPT } from '@eh/domain';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveStatus } from './live-client.ts';

export interface LiveState {
  status: LiveStatus;
  /** Reconnect retries since the last welcome. */
  retries: number;
  /** The tab is hidden: the server holds quotes back. */
  paused: boolean;
  /** Who the server took this client for (its welcome). */
  user: 'anonymous' | 'signedIn' | null;
  /** SPEC §7: the last 50 messages, oldest first. */
  messages: LiveServerMessage[];
}

export const initialLiveState: LiveState = { status: 'idle', retries: 0, paused: false, user: null, messages: [] };

export const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    liveStatusChanged(state, action: PayloadAction<{ status: LiveStatus; retries: number }>) {
      state.status = action.payload.status;
      state.retries = action.payload.retries;
      if (action.payload.status !== 'open') state.user = null;
    },
    livePausedChanged(state, action: PayloadAction<boolean>) {
      state.paused = action.payload;
    },
    liveMessageReceived(state, action: PayloadAction<LiveServerMessage>) {
      state.messages = keepLast(state.messages, action.payload, LIVE_MESSAGES_KEPT);
      if (action.payload.type === 'welcome') state.user = action.payload.user;
    },
  },
});

export const { liveStatusChanged, livePausedChanged, liveMessageReceived } = liveSlice.actions;
