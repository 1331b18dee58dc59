import { Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { SHORTCUTS } from './shortcuts.ts';

export default function ShortcutsModal({ onClose }: ModalContentProps<'shortcuts'>) {
  return (
    <>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, m: 0 }}>
          {SHORTCUTS.map((shortcut) => (
            <Box key={shortcut.key} sx={{ display: 'contents' }}>
              <Typography component="dt">
                <Box
                  component="kbd"
                  sx={{
                    fontFamily: 'monospace',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    px: 1,
                    py: 0.25,
                    bgcolor: 'action.hover',
                  }}
                >
                  {shortcut.key}
                </Box>
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {shortcut.description}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
