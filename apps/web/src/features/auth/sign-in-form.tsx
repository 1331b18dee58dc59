import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { CognitoUser } from 'amazon-cognito-identity-js';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { INITIAL_SIGN_IN, type MfaType, nextSignIn, type SignInFlowType } from './auth-machine.ts';
import { CodeStep } from './code-step.tsx';
import type { AuthOutcome, SessionInfo } from './cognito.ts';
import { CredentialsStep } from './credentials-step.tsx';
import { FederatedButtons } from './federated-buttons.tsx';
import { FormAlerts } from './form-alerts.tsx';
import { MailboxLink } from './mailbox-link.tsx';
import { MfaSetup } from './mfa-setup.tsx';
import { MfaTypeStep } from './mfa-type-step.tsx';
import { NewPasswordStep } from './new-password-step.tsx';
import { RememberDeviceStep } from './remember-device-step.tsx';
import { useIdentityAction } from './use-identity-action.ts';

const loadClient = () => import('./cognito.ts');

/** Name under which the authenticator app's pairing is registered (VerifySoftwareToken's FriendlyDeviceName). */
const AUTHENTICATOR_NAME = 'Authenticator app';

interface Props {
  onSignedIn: () => void;
  /** Opens the reset flow, with the email to fill in ('' when none was typed). */
  onForgotPassword: (email: string) => void;
  /** Shown above the form, e.g. a refused Google or Apple sign-in. */
  initialError?: string | null;
  /** Shown under the first step only (e.g. the way to create an account). */
  footer?: ReactNode;
}

/**
 * Sign-in with every step of SPEC §4: credentials (or Google / Apple), then whatever challenge the identity
 * provider asks for, then, on a new device after a second factor, the remember-this-device choice.
 */
export function SignInForm({ onSignedIn, onForgotPassword, initialError = null, footer }: Props) {
  const dispatch = useAppDispatch();
  const [flow, send] = useReducer(nextSignIn, INITIAL_SIGN_IN);
  const user = useRef<CognitoUser | null>(null);
  const session = useRef<SessionInfo | null>(null);
  const { busy, error, setError, run } = useIdentityAction(initialError);

  const advance = async (outcome: AuthOutcome) => {
    if (outcome.kind === 'success') {
      session.current = outcome.session;
      send({ type: 'succeeded', deviceConfirmationNeeded: outcome.deviceConfirmationNeeded });
      return;
    }
    send({ type: 'challenge', name: outcome.name, session: outcome.session, parameters: outcome.parameters });
    if (outcome.name === 'MFA_SETUP' && user.current) {
      const issued = await (await loadClient()).associateSoftwareToken(user.current);
      send({ type: 'secretCodeIssued', ...issued });
    }
  };

  const withUser = (work: (client: typeof import('./cognito.ts'), target: CognitoUser) => Promise<AuthOutcome>) =>
    run(async () => {
      const target = user.current;
      if (!target) return send({ type: 'reset' });
      await advance(await work(await loadClient(), target));
    });

  const start = (email: string, password: string, flowType: SignInFlowType) =>
    run(async () => {
      const client = await loadClient();
      user.current = client.signInUser(email);
      send({ type: 'started', username: email.trim(), flowType });
      await advance(await client.authenticate(user.current, password, flowType));
    });

  const answerMfa = (type: MfaType) => (code: string) =>
    withUser((client, target) => client.answerMfa(target, code, type));

  const chooseDevice = (remember: boolean) =>
    run(async () => {
      if (user.current) await (await loadClient()).setDeviceRemembered(user.current, remember);
      send({ type: 'deviceChoiceMade' });
    });

  const reset = () => {
    user.current = null;
    setError(null);
    send({ type: 'reset' });
  };

  // SPEC §4 Login side effects run once the flow has finished (after the device choice, when there is one).
  useEffect(() => {
    if (flow.step !== 'signedIn' || !session.current) return;
    const signedIn = session.current;
    session.current = null;
    void import('./session.ts').then(({ completeLogin }) => dispatch(completeLogin(signedIn, 'email')));
    onSignedIn();
  }, [flow.step, dispatch, onSignedIn]);

  const username = flow.username ?? '';
  let body: ReactNode;
  switch (flow.step) {
    case 'credentials':
      body = (
        <>
          <FederatedButtons onError={setError} />
          <CredentialsStep initialEmail={username} busy={busy} onSubmit={start} onForgotPassword={onForgotPassword} />
        </>
      );
      break;
    case 'softwareToken':
      body = (
        <CodeStep
          title="Enter the 6-digit code from your authenticator app."
          label="Authenticator code"
          busy={busy}
          onSubmit={answerMfa('SOFTWARE_TOKEN_MFA')}
          onCancel={reset}
        />
      );
      break;
    case 'smsCode':
      body = (
        <CodeStep
          title={`We texted a code to ${flow.destination ?? 'your phone'}.`}
          label="Text message code"
          busy={busy}
          onSubmit={answerMfa('SMS_MFA')}
          onCancel={reset}
        />
      );
      break;
    case 'customChallenge':
      body = (
        <CodeStep
          title={`We emailed a sign-in code to ${username}.`}
          label="Sign-in code"
          hint={<MailboxLink />}
          submitLabel="Sign in"
          busy={busy}
          onSubmit={(code) => withUser((client, target) => client.answerCustomChallenge(target, code))}
          onCancel={reset}
        />
      );
      break;
    case 'selectMfaType':
      body = (
        <MfaTypeStep
          choices={flow.mfaChoices}
          busy={busy}
          onChoose={(type) => withUser((client, target) => client.selectMfaType(target, type))}
          onCancel={reset}
        />
      );
      break;
    case 'mfaSetup':
      body = (
        <>
          <Typography sx={{ fontWeight: 600 }}>Your account needs a second step at sign-in.</Typography>
          <MfaSetup
            secretCode={flow.secretCode}
            account={username}
            busy={busy}
            onVerify={(code) =>
              withUser((client, target) => client.verifySoftwareTokenAtSignIn(target, code, AUTHENTICATOR_NAME))
            }
            onCancel={reset}
          />
        </>
      );
      break;
    case 'newPassword':
      body = (
        <NewPasswordStep
          busy={busy}
          onSubmit={(password) => withUser((client, target) => client.completeNewPassword(target, password))}
          onCancel={reset}
        />
      );
      break;
    case 'rememberDevice':
      body = <RememberDeviceStep busy={busy} onChoose={chooseDevice} />;
      break;
    case 'deviceSrp':
    case 'signedIn':
      body = (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Signing in" />
          <Typography>{flow.step === 'deviceSrp' ? 'Checking this device…' : 'Signed in.'}</Typography>
        </Box>
      );
      break;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 420 }} data-step={flow.step}>
      <FormAlerts
        error={error}
        action={
          // Locked out by wrong passwords: a reset works during the lock and lifts it.
          error === AUTH_MESSAGES.passwordAttemptsExceeded && (
            <Button variant="outlined" color="inherit" size="small" onClick={() => onForgotPassword(username)}>
              Reset password
            </Button>
          )
        }
      />
      {body}
      {flow.step === 'credentials' && footer}
    </Box>
  );
}
