import { Box, Button, Link, Typography } from '@mui/material';
import { type Ref, type RefObject, useCallback, useState } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { CreateAccountForm, SignInForm } from '../auth/index.ts';

/** Signed out: an account comes first, in place; once signed in the flow goes on where it was. */
export function SignInFirst({ ref }: { ref: Ref<HTMLElement> }) {
  const dispatch = useAppDispatch();
  const [creating, setCreating] = useState(false);
  const nothing = useCallback(() => {}, []);
  return (
    <Box component="section" ref={ref} data-testid="subscribe-sign-in" sx={{ mb: 1, scrollMarginTop: 8 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {creating ? 'Create an account to subscribe' : 'Sign in to subscribe'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your plan belongs to your account. This window stays open: you pay right after.
      </Typography>
      {creating ? (
        <>
          <CreateAccountForm onSignedIn={nothing} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Already have an account?{' '}
            <Link component="button" type="button" onClick={() => setCreating(false)}>
              Sign in
            </Link>
          </Typography>
        </>
      ) : (
        <SignInForm
          onSignedIn={nothing}
          onForgotPassword={(email) => dispatch(modalOpened({ kind: 'forgotPassword', props: { email } }))}
          footer={
            <Typography variant="body2" sx={{ mt: 1 }}>
              New here?{' '}
              <Link component="button" type="button" onClick={() => setCreating(true)} data-testid="subscribe-create">
                Create an account
              </Link>
            </Typography>
          }
        />
      )}
    </Box>
  );
}

/** The action beside the sign-in form: takes the reader to it, its first field focused. */
export function SignInButton({ signIn }: { signIn: RefObject<HTMLElement | null> }) {
  return (
    <Button
      variant="contained"
      onClick={() => {
        const form = signIn.current;
        form?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        form?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      }}
    >
      Sign in to continue
    </Button>
  );
}
