import { can } from '@eh/domain';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent } from '@mui/material';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { InviteForm } from './invite-form.tsx';
import { useGetMyOrganizationQuery } from './teams-api.ts';

/**
 * SPEC §2 bulk add user: the invite form in a window over the team page (stackable), for the owner and admins.
 * Anyone else is told why not.
 */
export default function BulkAddUserModal({ onClose }: ModalContentProps<'bulkAddUser'>) {
  const mine = useGetMyOrganizationQuery();
  const { organization, role } = mine.data ?? { organization: null, role: null };
  let body: ReactNode = null;
  if (mine.isLoading)
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label="Loading your team" />
      </Box>
    );
  else if (!mine.data)
    body = <Alert severity="error">{errorMessage(mine.error, 'Your team could not be loaded.')}</Alert>;
  else if (!organization || !role || !can(role, 'invite', 'member'))
    body = <Alert severity="info">Only a team’s owner and admins invite people.</Alert>;
  if (body || !organization || !role)
    return (
      <>
        <DialogContent>{body}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  return <InviteForm organization={organization} role={role} onDone={onClose} layout="modal" />;
}
