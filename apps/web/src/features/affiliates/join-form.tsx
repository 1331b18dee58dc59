import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useRequestToJoinMutation } from './affiliates-api.ts';

/** Asking to join: the affiliate terms (section 6 of the terms of service) accepted, then the request. */
export function JoinForm({ again = false, onRequested }: { again?: boolean; onRequested?: () => void }) {
  const dispatch = useAppDispatch();
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const [request, { isLoading, error }] = useRequestToJoinMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setMissing(true);
      return;
    }
    void request({ affiliateTermsOfServiceAccepted: true })
      .unwrap()
      .then(() => onRequested?.())
      .catch(() => undefined);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} data-testid="affiliate-join">
      <FormControlLabel
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              setMissing(false);
            }}
            slotProps={{ input: { 'aria-describedby': 'affiliate-terms-note' } }}
            data-testid="affiliate-terms"
          />
        }
        label="I accept the affiliate terms"
      />
      <Typography
        id="affiliate-terms-note"
        variant="body2"
        color={missing ? 'error' : 'text.secondary'}
        sx={{ mt: -1 }}
      >
        {missing ? 'Accept the affiliate terms to ask to join. ' : ''}
        They are section 6 of the{' '}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => dispatch(modalOpened({ kind: 'termsOfService' }))}
          sx={{ verticalAlign: 'baseline' }}
        >
          terms of service
        </Link>
        : no referring yourself, no misleading ads, no unsolicited messages.
      </Typography>
      {error ? <Alert severity="error">{errorMessage(error, 'Your request could not be sent.')}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading} data-testid="affiliate-request">
          {isLoading ? 'Sending…' : again ? 'Ask again' : 'Ask to join'}
        </Button>
      </Box>
    </Box>
  );
}
