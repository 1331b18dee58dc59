import { Box, Button, DialogContent, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { signedIn } from '../../shared/auth-slice.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useGetMeQuery, useSyncFromIdentityMutation } from '../../shared/users-api.ts';
import { CodeField, EmailField, FormAlerts, loadCognito, MailboxLink, useIdentityAction } from '../auth/index.ts';

const loadClient = loadCognito;

/** UpdateUserAttributes email (a code goes to the new address), then VerifyUserAttribute with that code. */
export default function ChangeEmailModal({ onClose }: ModalContentProps<'changeEmail'>) {
  const dispatch = useAppDispatch();
  const me = useGetMeQuery();
  const [sync] = useSyncFromIdentityMutation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useIdentityAction();

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(AUTH_MESSAGES.emailRequired);
    void run(async () => {
      await (await loadClient()).changeEmail(email);
      setStep('code');
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(AUTH_MESSAGES.codeRequired);
    void run(async () => {
      const session = await (await loadClient()).verifyEmail(code);
      dispatch(signedIn({ email: session.email }));
      if (me.data) await sync({ id: me.data.id });
      dispatch(toastShown({ message: `Your email is now ${session.email ?? email}.`, severity: 'success' }));
      onClose();
    });
  };

  return (
    <DialogContent dividers>
      {step === 'email' ? (
        <Box component="form" noValidate onSubmit={submitEmail} sx={{ display: 'grid', gap: 2 }}>
          <FormAlerts error={error} />
          <Typography>
            Your email is {me.data?.email ?? '…'}. We’ll send a code to the new address to confirm it.
          </Typography>
          <EmailField label="New email" autoComplete="email" value={email} onChange={setEmail} />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={submitCode} sx={{ display: 'grid', gap: 2 }}>
          <FormAlerts error={error} />
          <Typography>We emailed a code to {email.trim()}. Enter it to confirm your new address.</Typography>
          <MailboxLink />
          <CodeField label="Code" value={code} onChange={setCode} />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Confirming…' : 'Confirm new email'}
          </Button>
        </Box>
      )}
    </DialogContent>
  );
}
