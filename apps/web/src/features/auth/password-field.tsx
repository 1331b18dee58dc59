import { TextField } from '@mui/material';
import { PASSWORD_HINT } from './password-hint.ts';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A new password is one the browser may suggest, and it shows the provider's password policy under it. */
  purpose: 'new' | 'current';
  error?: string | null;
  autoFocus?: boolean;
}

/** A password: the current one, or a new one with the policy it must meet (an error takes the policy's place). */
export function PasswordField({ label, value, onChange, purpose, error, autoFocus }: Props) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (purpose === 'new' ? PASSWORD_HINT : undefined)}
      autoFocus={autoFocus}
      required
    />
  );
}
