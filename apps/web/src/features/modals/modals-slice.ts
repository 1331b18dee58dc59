import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import {
  closeAllModals,
  closeModalById,
  closeTopModal,
  type ModalEntry,
  type ModalRequest,
  openModal,
} from './modal-stack.ts';

export interface ModalsState {
  stack: ModalEntry[];
}

const initialState: ModalsState = { stack: [] };

export const modalsSlice = createSlice({
  name: 'modals',
  initialState,
  reducers: {
    modalOpened: {
      reducer(state, action: PayloadAction<ModalEntry>) {
        state.stack = openModal(state.stack, action.payload);
      },
      prepare(request: ModalRequest) {
        return { payload: { id: nanoid(), kind: request.kind, props: request.props ?? {} } };
      },
    },
    topModalClosed(state) {
      state.stack = closeTopModal(state.stack);
    },
    modalClosed(state, action: PayloadAction<string>) {
      state.stack = closeModalById(state.stack, action.payload);
    },
    allModalsClosed(state) {
      state.stack = closeAllModals();
    },
  },
  selectors: {
    selectModalStack: (state) => state.stack,
    selectTopModal: (state) => state.stack.at(-1),
  },
});

export const { modalOpened, topModalClosed, modalClosed, allModalsClosed } = modalsSlice.actions;
export const { selectModalStack, selectTopModal } = modalsSlice.selectors;
