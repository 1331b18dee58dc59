import { Alert } from '@mui/material';
import { useAppDispatch } from '../../app/hooks.ts';
import { bannerDismissed } from '../../app/ui-slice.ts';

export default function BannerAlert({ message }: { message: string }) {
  const dispatch = useAppDispatch();
  return (
    <Alert
      data-testid="banner-message"
      severity="info"
      variant="filled"
      onClose={() => dispatch(bannerDismissed(message))}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss announcement' } }}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      {message}
    </Alert>
  );
}
