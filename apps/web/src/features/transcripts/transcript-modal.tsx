import { DialogContent, Typography } from '@mui/material';
import { periodLabel } from '../../shared/market/format.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { TranscriptView } from './transcript-view.tsx';
import { useCallFiles } from './use-call-files.ts';

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * SPEC §2 transcript and earnings transcript modals: the call's transcript in place. Props: `fileId`, or
 * `symbol` with `periodYear` and `period`.
 */
export default function TranscriptModal({ entry }: ModalContentProps<'transcript' | 'earningsTranscript'>) {
  const year = entry.props.periodYear;
  const call = useCallFiles({
    fileId: str(entry.props.fileId),
    symbol: str(entry.props.symbol),
    periodYear: typeof year === 'number' ? year : typeof year === 'string' ? Number(year) : undefined,
    period: str(entry.props.period),
  });
  return (
    <DialogContent data-testid="transcript-modal">
      {call.symbol ? (
        <Typography variant="h3" component="p" sx={{ mb: 1 }}>
          {call.name ?? call.symbol.toUpperCase()} · {periodLabel(call.period, call.periodYear)}
        </Typography>
      ) : null}
      {call.loading ? (
        <LoadingRows rows={6} />
      ) : call.notFound ? (
        <EmptyState>This call’s transcript is not on record.</EmptyState>
      ) : call.error ? (
        <LoadError error={call.error} onRetry={call.refetch} />
      ) : (
        <TranscriptView
          symbol={call.symbol}
          transcript={call.transcript}
          files={call.files}
          periodYear={call.periodYear}
          period={call.period}
          compact
        />
      )}
    </DialogContent>
  );
}
