import SmartphoneIcon from '@mui/icons-material/Smartphone';
import SmsIcon from '@mui/icons-material/Sms';
import { Box, Button, Typography } from '@mui/material';
import type { MfaType } from './auth-machine.ts';

interface Props {
  choices: readonly MfaType[];
  busy: boolean;
  onChoose: (type: MfaType) => void;
  onCancel: () => void;
}

const LABELS: Record<MfaType, string> = {
  SOFTWARE_TOKEN_MFA: 'Use my authenticator app',
  SMS_MFA: 'Text me a code',
};

/** SELECT_MFA_TYPE: the user has more than one second factor and no preferred one. */
export function MfaTypeStep({ choices, busy, onChoose, onCancel }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>How would you like to confirm it’s you?</Typography>
      {choices.map((type) => (
        <Button
          key={type}
          variant="outlined"
          size="large"
          disabled={busy}
          startIcon={type === 'SMS_MFA' ? <SmsIcon /> : <SmartphoneIcon />}
          onClick={() => onChoose(type)}
        >
          {LABELS[type]}
        </Button>
      ))}
      <Button onClick={onCancel} disabled={busy}>
        Start over
      </Button>
    </Box>
  );
}
