/** The auth feature's public face: what other features use of it. */
export { CodeField } from './code-field.tsx';
export { CreateAccountForm } from './create-account-form.tsx';
export { EmailField } from './email-field.tsx';
export { FormAlerts } from './form-alerts.tsx';
export { identityErrorMessage } from './identity-errors.ts';
export type { CognitoClient } from './loaders.ts';
export { loadCognito, loadSession } from './loaders.ts';
export { MailboxLink } from './mailbox-link.tsx';
export { MfaSetup } from './mfa-setup.tsx';
export { PasswordField } from './password-field.tsx';
export { SignInForm } from './sign-in-form.tsx';
export { useIdentityAction } from './use-identity-action.ts';
