import { DialogContent } from '@mui/material';
import { useGetAssetInfoQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { EhsTab } from './ehs-tab.tsx';

/** SPEC §2 symbol EHS modal: one company's score, parts and history. */
export default function SymbolEhsModal({ entry }: ModalContentProps<'symbolEhs'>) {
  const symbol = String(entry.props.symbol ?? '');
  const info = useGetAssetInfoQuery({ symbol }, { skip: !symbol });
  return (
    <DialogContent>
      {info.data ? (
        <EhsTab symbol={symbol} asset={info.data} compact />
      ) : info.error ? (
        <LoadError error={info.error} onRetry={info.refetch} />
      ) : (
        <LoadingRows rows={4} />
      )}
    </DialogContent>
  );
}
