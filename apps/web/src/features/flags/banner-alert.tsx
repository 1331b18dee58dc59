import { Alert } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { bannerDismissed } from '../../shared/ui-slice.ts';

export default function BannerAlert({ message }: { message: string }) {
  const dispatch = useAppDispatch();
  return (
    <Alert
      data-testid="banner-message"
      severity="info"
      variant="filled"
      onClose={() => dispatch(bannerDismissed(message))}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss announcement' } }}
      sx={{
        borderRadius: 0,
        justifyContent: 'center',
        // The brand's secondary blue: 4.5:1 or better against its text in both themes (MUI's info blue is not).
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        '& .MuiAlert-icon, & .MuiAlert-action': { color: 'inherit' },
      }}
    >
      {message}
    </Alert>
  );
}
