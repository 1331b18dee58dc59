import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CodeField } from './code-field.tsx';
import { useCodeEntry } from './use-code-entry.ts';

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
  const { code, setCode, error, submit } = useCodeEntry(onSubmit);
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
