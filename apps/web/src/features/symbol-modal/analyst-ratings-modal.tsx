import { DialogContent } from '@mui/material';
import { useGetAssetInfoQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { AnalystsTab } from '../quote/index.ts';

/** SPEC §2 analyst ratings modal: one company's consensus, price targets and ratings. Props: `symbol`. */
export default function AnalystRatingsModal({ entry }: ModalContentProps<'analystRatings'>) {
  const symbol = String(entry.props.symbol ?? '');
  const info = useGetAssetInfoQuery({ symbol }, { skip: !symbol });
  return (
    <DialogContent>
      {info.data ? (
        <AnalystsTab symbol={symbol} asset={info.data} compact />
      ) : info.error ? (
        <LoadError error={info.error} onRetry={info.refetch} />
      ) : (
        <LoadingRows rows={5} />
      )}
    </DialogContent>
  );
}
