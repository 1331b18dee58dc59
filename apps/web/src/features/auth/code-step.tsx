import { Box, Button, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AUTH_MESSAGES } from './auth-config.ts';
import { CodeField } from './code-field.tsx';

interface Props {
  title: string;
  label: string;
  busy: boolean;
  submitLabel?: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  /** Under the title: where to find the code (the local mailbox link). */
  hint?: ReactNode;
}

/** A second-factor or emailed code: SOFTWARE_TOKEN_MFA, SMS_MFA and CUSTOM_CHALLENGE all look like this. */
export function CodeStep({ title, label, busy, submitLabel = 'Verify', onSubmit, onCancel, hint }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(AUTH_MESSAGES.codeRequired);
    setError(null);
    onSubmit(code);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>{title}</Typography>
      {hint}
      <CodeField label={label} value={code} onChange={setCode} error={error} />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Checking…' : submitLabel}
      </Button>
      <Button type="button" onClick={onCancel} disabled={busy}>
        Start over
      </Button>
    </Box>
  );
}
