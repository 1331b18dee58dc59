import { Alert, Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import { bottomBarHeight } from '../../platform/platform.ts';
import { applyUpdate } from './pwa-start.ts';

/** Above the toasts' place (toast-snackbar.tsx), so a toast never hides it. */
const GAP = 16;

/**
 * SPEC §3 update-available: a new build is installed and waits. Stays until the reader reloads (the page keeps
 * working on the build it started with meanwhile).
 */
export default function UpdateBanner() {
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ bottom: { xs: bottomBarHeight() + GAP + 64, sm: bottomBarHeight() + GAP + 8 } }}
    >
      <Alert
        severity="info"
        variant="filled"
        data-testid="update-available"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
          >
            Reload
          </Button>
        }
      >
        Update available — reload to use the new version.
      </Alert>
    </Snackbar>
  );
}
