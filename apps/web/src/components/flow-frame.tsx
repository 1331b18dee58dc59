import { Box, DialogActions, DialogContent } from '@mui/material';
import type { ReactNode } from 'react';

/** Where a flow shown both in a modal and on a page of its own sits: the modal's content and actions, or the page. */
export type FlowLayout = 'modal' | 'page';

/** A flow's body and its buttons: in a modal as its content and actions, on a page with the buttons below, right. */
export function FlowFrame({ layout, body, actions }: { layout: FlowLayout; body: ReactNode; actions: ReactNode }) {
  return layout === 'modal' ? (
    <>
      <DialogContent>{body}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  ) : (
    <>
      {body}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>{actions}</Box>
    </>
  );
}
