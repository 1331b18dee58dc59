import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { REQUEST_STATUS_NOTES } from './affiliate-words.ts';
import { useGetAffiliateProgramQuery, useGetMyAffiliateQuery } from './affiliates-api.ts';
import { JoinForm } from './join-form.tsx';
import { ProgramSteps } from './program-steps.tsx';
import { ReferralLink } from './referral-link.tsx';
import { RequestStatusChip } from './status-chip.tsx';

const PAGE_PATH = '/affiliate-program';

/**
 * SPEC §2 affiliate modal: the program in brief and the way in: the terms and the request (signed in), the status
 * and the referral link once asked, and the program's page for the payout account and the dashboard.
 */
export default function AffiliateModal({ onClose }: ModalContentProps<'affiliate'>) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onPage = useLocation().pathname === PAGE_PATH;
  const signedIn = useAppSelectorInTransition((state) => state.auth.status) === 'signedIn';
  const program = useGetAffiliateProgramQuery();
  const mine = useGetMyAffiliateQuery(undefined, { skip: !signedIn });
  const affiliate = mine.data?.affiliate ?? null;
  const openPage = () => {
    onClose();
    void navigate(PAGE_PATH);
  };
  return (
    <>
      <DialogContent dividers data-testid="affiliate-modal" sx={{ display: 'grid', gap: 2 }}>
        {program.data ? (
          <ProgramSteps program={program.data} dense />
        ) : program.error ? (
          <Alert severity="error">{errorMessage(program.error, 'The program could not be loaded.')}</Alert>
        ) : (
          <CircularProgress aria-label="Loading the program" sx={{ justifySelf: 'center' }} />
        )}
        {!signedIn ? (
          <Typography>Sign in or create a free account to ask to join.</Typography>
        ) : mine.isLoading ? (
          <CircularProgress aria-label="Loading your membership" sx={{ justifySelf: 'center' }} />
        ) : affiliate === null || affiliate.status === 'rejected' ? (
          <>
            {affiliate && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <RequestStatusChip status={affiliate.status} />
                <Typography variant="body2">{REQUEST_STATUS_NOTES.rejected}</Typography>
              </Box>
            )}
            <JoinForm again={affiliate !== null} />
          </>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <RequestStatusChip status={affiliate.status} />
              <Typography variant="body2" color="text.secondary">
                {REQUEST_STATUS_NOTES[affiliate.status]}
              </Typography>
            </Box>
            {affiliate.status === 'approved' && <ReferralLink code={affiliate.code} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {!signedIn && (
          <Button onClick={() => dispatch(modalOpened({ kind: 'createAccount' }))}>Create an account</Button>
        )}
        <Button onClick={onClose}>Close</Button>
        {onPage ? null : (
          <Button variant="contained" onClick={openPage} data-testid="affiliate-open-page">
            {affiliate ? 'Your dashboard' : 'About the program'}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
