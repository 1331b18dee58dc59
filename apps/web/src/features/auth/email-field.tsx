import { TextField } from '@mui/material';

interface Props {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** 'username' where the email signs in to an existing account, 'email' where it is a new address. */
  autoComplete: 'email' | 'username';
  error?: string;
}

/** An account's email address. */
export function EmailField({ value, onChange, label = 'Email', autoComplete, error }: Props) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required
    />
  );
}
