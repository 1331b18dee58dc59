import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { hideToast, makeToast, showToast, type Toast, type ToastRequest } from './toast.ts';

export interface ToastsState {
  current: Toast | null;
}

const initialState: ToastsState = { current: null };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = showToast(state.current, action.payload);
      },
      prepare(request: ToastRequest) {
        return { payload: makeToast(nanoid(), request) };
      },
    },
    toastHidden(state, action: PayloadAction<string>) {
      state.current = hideToast(state.current, action.payload);
    },
  },
  selectors: {
    selectToast: (state) => state.current,
  },
});

export const { toastShown, toastHidden } = toastsSlice.actions;
export const { selectToast } = toastsSlice.selectors;
