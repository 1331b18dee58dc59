import type {
  addListItem,
  BodyOf,
  createList,
  deleteList,
  getList,
  getLists,
  getListTransactions,
  getOhlc,
  QueryOf,
  ResponseOf,
  removeListItem,
  updateList,
  updateListItem,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const LISTS_PATH = paths.getLists;
const LIST_PATH = paths.getList;
const ITEMS_PATH = paths.addListItem;
const ITEM_PATH = paths.updateListItem;
const TRANSACTIONS_PATH = paths.getListTransactions;
const OHLC_PATH = paths.getOhlc;

export type ListsResponse = ResponseOf<typeof getLists>;
export type AssetList = ResponseOf<typeof getList>;

/** The My Stocks page always reads the lists with their items: the one cache entry optimistic changes patch. */
export const LISTS_ARGS = { includeItems: true } as const;

const listPath = (id: string) => LIST_PATH.replace(':id', encodeURIComponent(id));
const itemsPath = (listId: string) => ITEMS_PATH.replace(':listId', encodeURIComponent(listId));
const itemPath = (listId: string, symbol: string) =>
  ITEM_PATH.replace(':listId', encodeURIComponent(listId)).replace(':symbol', encodeURIComponent(symbol));

/**
 * SPEC §7 Lists. List changes are applied to the cached lists at once and undone when the server refuses
 * (SPEC §4, §8); the server's answer then replaces the guess.
 */
export const listsApi = api.enhanceEndpoints({ addTagTypes: ['Lists', 'ListTransactions'] }).injectEndpoints({
  endpoints: (build) => {
    /** Applies `change` to the cached lists now; returns what puts the server's list in place, or undoes it. */
    const optimistic =
      <A>(change: (draft: ListsResponse, args: A) => void) =>
      async (
        args: A,
        {
          dispatch,
          queryFulfilled,
        }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: AssetList }> },
      ) => {
        const patch = dispatch(
          listsApi.util.updateQueryData('getLists', LISTS_ARGS, (draft) => change(draft, args)),
        ) as { undo(): void };
        try {
          const { data } = await queryFulfilled;
          dispatch(
            listsApi.util.updateQueryData('getLists', LISTS_ARGS, (draft) => {
              draft.lists = draft.lists.map((list) => (list.id === data.id ? data : list));
            }),
          );
        } catch {
          patch.undo();
        }
      };
    return {
      getLists: build.query<ListsResponse, { includeItems?: boolean }>({
        query: (params) => ({ url: LISTS_PATH, params }),
        providesTags: ['Lists'],
      }),
      createList: build.mutation<AssetList, BodyOf<typeof createList>>({
        query: (body) => ({ url: LISTS_PATH, method: 'POST', body }),
        invalidatesTags: ['Lists'],
      }),
      updateList: build.mutation<AssetList, { id: string } & BodyOf<typeof updateList>>({
        query: ({ id, ...body }) => ({ url: listPath(id), method: 'POST', body }),
        onQueryStarted: optimistic((draft, { id, name, cash, pinned }) => {
          const list = draft.lists.find((candidate) => candidate.id === id);
          if (!list) return;
          if (name) list.name = name;
          if (cash !== undefined) list.cash = cash;
          if (pinned !== undefined) list.pinned = pinned;
        }),
      }),
      deleteList: build.mutation<ResponseOf<typeof deleteList>, { id: string }>({
        query: ({ id }) => ({ url: listPath(id), method: 'DELETE' }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            listsApi.util.updateQueryData('getLists', LISTS_ARGS, (draft) => {
              draft.lists = draft.lists.filter((list) => list.id !== id);
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            patch.undo();
          }
        },
      }),
      addListItem: build.mutation<AssetList, { listId: string } & BodyOf<typeof addListItem>>({
        query: ({ listId, ...body }) => ({ url: itemsPath(listId), method: 'POST', body }),
        // Each records a transaction: the performance and cost figures read them again.
        invalidatesTags: (_result, _error, { listId }) => [{ type: 'ListTransactions', id: listId }],
        onQueryStarted: optimistic((draft, { listId, symbol, quantity }) => {
          const list = draft.lists.find((candidate) => candidate.id === listId);
          const upper = symbol.toUpperCase();
          if (!list || list.items?.some((item) => item.symbol === upper)) return;
          list.items = [
            ...(list.items ?? []),
            {
              listId,
              userId: '',
              symbol: upper,
              assetType: 'stock',
              quantity: quantity ?? 0,
              createdDate: new Date().toISOString(),
            },
          ];
        }),
      }),
      updateListItem: build.mutation<AssetList, { listId: string; symbol: string } & BodyOf<typeof updateListItem>>({
        query: ({ listId, symbol, ...body }) => ({ url: itemPath(listId, symbol), method: 'POST', body }),
        // Each records a transaction: the performance and cost figures read them again.
        invalidatesTags: (_result, _error, { listId }) => [{ type: 'ListTransactions', id: listId }],
        onQueryStarted: optimistic((draft, { listId, symbol, quantity }) => {
          const item = draft.lists
            .find((candidate) => candidate.id === listId)
            ?.items?.find((candidate) => candidate.symbol === symbol);
          if (item && quantity !== undefined) item.quantity = quantity;
        }),
      }),
      removeListItem: build.mutation<ResponseOf<typeof removeListItem>, { listId: string; symbol: string }>({
        query: ({ listId, symbol }) => ({ url: itemPath(listId, symbol), method: 'DELETE' }),
        // Each records a transaction: the performance and cost figures read them again.
        invalidatesTags: (_result, _error, { listId }) => [{ type: 'ListTransactions', id: listId }],
        onQueryStarted: optimistic((draft, { listId, symbol }) => {
          const list = draft.lists.find((candidate) => candidate.id === listId);
          if (list?.items) list.items = list.items.filter((item) => item.symbol !== symbol);
        }),
      }),
    };
  },
});

export const {
  useGetListsQuery,
  useCreateListMutation,
  useUpdateListMutation,
  useDeleteListMutation,
  useAddListItemMutation,
  useUpdateListItemMutation,
  useRemoveListItemMutation,
} = listsApi;

/** What the performance figures need: a list's transactions and each holding's close at the range start. */
export const listFiguresApi = listsApi.injectEndpoints({
  endpoints: (build) => ({
    getListTransactions: build.query<ResponseOf<typeof getListTransactions>, { listId: string }>({
      query: ({ listId }) => TRANSACTIONS_PATH.replace(':listId', encodeURIComponent(listId)),
      providesTags: (_result, _error, { listId }) => [{ type: 'ListTransactions', id: listId }],
    }),
    getOhlcOn: build.query<ResponseOf<typeof getOhlc>, NonNullable<QueryOf<typeof getOhlc>>>({
      query: (params) => ({ url: OHLC_PATH, params }),
    }),
  }),
});

export const { useGetListTransactionsQuery, useGetOhlcOnQuery } = listFiguresApi;
