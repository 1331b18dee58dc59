import DevicesIcon from '@mui/icons-material/Devices';
import { Box, Button, Typography } from '@mui/material';

interface Props {
  busy: boolean;
  onChoose: (remember: boolean) => void;
}

/** After a second factor on a new device: remembered devices skip the code next time (SPEC §3 device status). */
export function RememberDeviceStep({ busy, onChoose }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <DevicesIcon color="primary" sx={{ mt: 0.25 }} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Remember this device?</Typography>
          <Typography variant="body2" color="text.secondary">
            On a remembered device you won’t be asked for a code when you sign in. Only remember devices you alone use.
            You can forget it any time from your profile.
          </Typography>
        </Box>
      </Box>
      <Button variant="contained" disabled={busy} onClick={() => onChoose(true)}>
        Remember this device
      </Button>
      <Button disabled={busy} onClick={() => onChoose(false)}>
        Not now
      </Button>
    </Box>
  );
}
