import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { Alert } from '@mui/material';

/**
 * The server's label for offline test billing ("Test billing — no card is charged"), shown wherever billing shows
 * in test mode; nothing with real billing (the label is then null).
 */
export function BillingModeNote({ label, dense }: { label: string | null | undefined; dense?: boolean }) {
  if (!label) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<ScienceOutlinedIcon fontSize="inherit" />}
      data-testid="test-billing-label"
      sx={{ py: dense ? 0 : undefined, alignItems: 'center', fontWeight: 600 }}
    >
      {label}
    </Alert>
  );
}
