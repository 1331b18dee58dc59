import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { aboveBottomBar } from '../../platform/platform.ts';
import { useAppDispatch } from '../hooks.ts';
import type { Toast } from './toast.ts';
import { dropToastAction, runToastAction } from './toast-actions.ts';
import { toastHidden } from './toasts-slice.ts';

/** Gap between the toast and the bottom edge, or the native bottom bar (SPEC §9: 78 units) and the safe area. */
const TOAST_GAP = 16;

export default function ToastSnackbar({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const close = () => {
    dropToastAction(toast.id);
    dispatch(toastHidden(toast.id));
  };
  // Material's Alert draws its close button only without an action: with one, both are drawn here.
  const action = toast.action ? (
    <>
      <Button
        color="inherit"
        size="small"
        data-testid="toast-action"
        onClick={() => {
          runToastAction(toast.id);
          close();
        }}
      >
        {toast.action.label}
      </Button>
      <IconButton color="inherit" size="small" aria-label="Close" title="Close" onClick={close}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  ) : undefined;
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
      <Alert
        severity={toast.severity}
        variant="filled"
        action={action}
        onClose={action ? undefined : close}
        sx={{ width: '100%' }}
        data-testid="toast"
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
