import { Alert, Snackbar } from '@mui/material';
import { useAppDispatch } from '../../app/hooks.ts';
import { aboveBottomBar } from '../../platform/platform.ts';
import type { Toast } from './toast.ts';
import { toastHidden } from './toasts-slice.ts';

/** Gap between the toast and the bottom edge, or the native bottom bar (SPEC §9: 78 units) and the safe area. */
const TOAST_GAP = 16;

export default function ToastSnackbar({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const close = () => dispatch(toastHidden(toast.id));
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={toast.durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: aboveBottomBar(TOAST_GAP), sm: aboveBottomBar(TOAST_GAP + 8) } }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={close} sx={{ width: '100%' }} data-testid="toast">
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
