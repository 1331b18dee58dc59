import { TextField } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** A one-time code: digits on phones, filled by the browser from a message where it can. */
export function CodeField({ label, value, onChange, error }: Props) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      error={Boolean(error)}
      helperText={error ?? undefined}
      autoFocus
      required
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, spellCheck: false } }}
    />
  );
}
