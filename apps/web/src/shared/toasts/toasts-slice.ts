import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { hideToast, makeToast, showToast, type Toast, type ToastRequest } from './toast.ts';
import { holdToastAction } from './toast-actions.ts';

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
        const id = nanoid();
        if (request.action) holdToastAction(id, request.action.onClick);
        return { payload: makeToast(id, request) };
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
