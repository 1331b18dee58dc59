import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import {
  closeAllModals,
  closeModalById,
  closeModalsByIds,
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
      /** The kind decides the props (modal-props.ts). */
      prepare(request: ModalRequest) {
        // The address as the browser has it now, not as the router last drew it: a navigation still loading its
        // page has already moved the address, and a modal opened meanwhile belongs to the page that is coming.
        const openedOn = globalThis.location?.pathname;
        return { payload: { id: nanoid(), kind: request.kind, props: request.props ?? {}, openedOn } as ModalEntry };
      },
    },
    topModalClosed(state) {
      state.stack = closeTopModal(state.stack);
    },
    modalClosed(state, action: PayloadAction<string>) {
      state.stack = closeModalById(state.stack, action.payload);
    },
    /** The page under these modals changed: they close, whatever was stacked on them since stays. */
    pageModalsClosed(state, action: PayloadAction<readonly string[]>) {
      state.stack = closeModalsByIds(state.stack, action.payload);
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

export const { modalOpened, topModalClosed, modalClosed, pageModalsClosed, allModalsClosed } = modalsSlice.actions;
export const { selectModalStack, selectTopModal } = modalsSlice.selectors;
