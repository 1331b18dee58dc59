import { canCreateList } from '@eh/domain';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { planFor } from '../../shared/upgrade-prompt.tsx';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { LISTS_ARGS, useGetListsQuery } from './lists-api.ts';

/** The gated feature a second list needs (SPEC §3 gated premium features). */
export const MULTIPLE_LISTS_FEATURE = 'multipleAssetLists';

/** Opens the upgrade modal for more lists: the stackable `upgrade` kind, as every gate does. */
export const upgradeForLists = () =>
  modalOpened({
    kind: 'upgrade',
    props: { feature: MULTIPLE_LISTS_FEATURE, plan: planFor(MULTIPLE_LISTS_FEATURE) },
  });

/**
 * "New list" by the plan (SPEC §4, §9): within the list limit the create-list modal opens; past it (free: one
 * list) the upgrade modal does, instead of a form the server would refuse.
 */
export function useNewList(): { openNewList: () => void; mayCreate: boolean; known: boolean } {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const { data } = useGetListsQuery(LISTS_ARGS, { skip: !signedIn });
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const listLimit = data?.listLimit ?? me?.accountFeatures.listLimit;
  const known = data !== undefined && listLimit !== undefined;
  const mayCreate = known ? canCreateList({ listLimit }, data.lists.length) : true;
  const openNewList = () => dispatch(mayCreate ? modalOpened({ kind: 'createList' }) : upgradeForLists());
  return { openNewList, mayCreate, known };
}
