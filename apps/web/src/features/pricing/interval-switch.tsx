import type { BillingInterval } from '@eh/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { PlanOffer } from './price-lines.ts';

/** Monthly or yearly prices (SPEC §3 billing interval; yearly first, the default price type). */
export function IntervalSwitch({
  value,
  onChange,
  bestSaving,
  exact,
  size = 'medium',
}: {
  value: BillingInterval;
  onChange(interval: BillingInterval): void;
  /** The largest yearly saving, in percent. */
  bestSaving: number;
  /** The saving of the one plan shown ("save 20%"), not the best of several ("save up to 20%"). */
  exact?: boolean | undefined;
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
      // Light mode: Material's selected green on its own tint over the page's background is 4.2:1; the darker green
      // keeps small text above 4.5:1 there and on paper.
      sx={(theme) => ({
        '& .MuiToggleButton-root.Mui-selected':
          theme.palette.mode === 'light' ? { color: theme.palette.primary.dark } : {},
      })}
    >
      <ToggleButton value="yearly" data-testid="interval-yearly" sx={{ textTransform: 'none' }}>
        {bestSaving > 0 ? `Yearly · save ${exact ? '' : 'up to '}${bestSaving}%` : 'Yearly'}
      </ToggleButton>
      <ToggleButton value="monthly" data-testid="interval-monthly" sx={{ textTransform: 'none' }}>
        Monthly
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The small switch beside one plan's price: that plan's own yearly saving ("save 20%"). */
export function PlanIntervalSwitch({
  value,
  onChange,
  offer,
}: {
  value: BillingInterval;
  onChange(interval: BillingInterval): void;
  offer: PlanOffer | undefined;
}) {
  return (
    <IntervalSwitch
      size="small"
      value={value}
      onChange={onChange}
      bestSaving={offer?.yearlySaving.percent ?? 0}
      exact
    />
  );
}
