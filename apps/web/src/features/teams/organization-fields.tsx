import { MAX_ORGANIZATION_NAME_LENGTH } from '@eh/domain';
import { Box, TextField } from '@mui/material';
import type { OrganizationInput, OrganizationProblems } from './team-model.ts';

/** The organization's name and billing email, as the create and manage screens ask for them. */
export function OrganizationFields({
  value,
  onChange,
  problems,
  disabled,
}: {
  value: OrganizationInput;
  onChange(next: OrganizationInput): void;
  problems: OrganizationProblems;
  disabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Organization name"
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        error={!!problems.name}
        helperText={problems.name ?? 'Members see it on their team page and in the invite email.'}
        disabled={disabled}
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: MAX_ORGANIZATION_NAME_LENGTH, 'data-testid': 'organization-name' } }}
      />
      <TextField
        label="Billing email"
        type="email"
        value={value.billingEmail}
        onChange={(event) => onChange({ ...value, billingEmail: event.target.value })}
        error={!!problems.billingEmail}
        helperText={problems.billingEmail ?? 'Where the team’s receipts and billing messages go.'}
        disabled={disabled}
        autoComplete="email"
        slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'organization-billing-email' } }}
      />
    </Box>
  );
}
