import type { BillingInterval } from '@eh/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';

/** Monthly or yearly prices (SPEC §3 billing interval; yearly first, the default price type). */
export function IntervalSwitch({
  value,
  onChange,
  bestSaving,
  size = 'medium',
}: {
  value: BillingInterval;
  onChange(interval: BillingInterval): void;
  /** The largest yearly saving, in percent. */
  bestSaving: number;
  size?: 'small' | 'medium';
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      color="primary"
      value={value}
      onChange={(_event, next: BillingInterval | null) => {
        if (next) onChange(next);
      }}
      aria-label="Billing interval"
      data-testid="interval-switch"
    >
      <ToggleButton value="yearly" data-testid="interval-yearly" sx={{ textTransform: 'none' }}>
        {bestSaving > 0 ? `Yearly · save up to ${bestSaving}%` : 'Yearly'}
      </ToggleButton>
      <ToggleButton value="monthly" data-testid="interval-monthly" sx={{ textTransform: 'none' }}>
        Monthly
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
