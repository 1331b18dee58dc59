/** The lists feature's public face: what other features use of it. */
export { AddHoldingForm, HoldingSharesField, NoHoldingsRow, RemoveHoldingButton } from './holding-fields.tsx';
export { useNewList } from './list-limit.ts';
export type { AssetList } from './lists-api.ts';
export {
  LISTS_ARGS,
  useAddListItemMutation,
  useCreateListMutation,
  useGetListsQuery,
  useGetListTransactionsQuery,
  useGetOhlcOnQuery,
  useUpdateListItemMutation,
} from './lists-api.ts';
export { SymbolActions } from './symbol-actions.tsx';
