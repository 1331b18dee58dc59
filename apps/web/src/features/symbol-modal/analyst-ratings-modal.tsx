import { DialogContent } from '@mui/material';
import { useGetAssetInfoQuery } from '../market/market-api.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { AnalystsTab } from '../quote/analysts-tab.tsx';
import { LoadError, LoadingRows } from '../quote/query-state.tsx';

/** SPEC §2 analyst ratings modal: one company's consensus, price targets and ratings. Props: `symbol`. */
export default function AnalystRatingsModal({ entry }: ModalContentProps) {
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
