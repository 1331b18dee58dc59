import type { BillingInterval, Plan } from '@eh/domain';
import { Alert, Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { NOT_FOR_SALE_YET } from '../pricing/index.ts';
import { offeredPlans } from './subscribe-model.ts';

/**
 * The plan to buy, as a person's checkout and the App Store's both offer it: the plans of the request, each with
 * its price per interval where the flow shows one (the App Store shows its own).
 */
export function PlanChoice({
  requested,
  value,
  onChange,
  disabled,
  priceOf,
}: {
  requested: Plan;
  value: Plan;
  onChange(plan: Plan): void;
  disabled?: boolean;
  priceOf?: (plan: Plan) => string;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      color="primary"
      size="small"
      value={value}
      disabled={disabled}
      onChange={(_event, next: Plan | null) => {
        if (next) onChange(next);
      }}
      aria-label="Plan"
      sx={{ mb: 1.5 }}
    >
      {offeredPlans(requested).map((option) => (
        <ToggleButton
          key={option}
          value={option}
          data-testid={`subscribe-plan-${option}`}
          sx={
            priceOf
              ? { textTransform: 'none', flexDirection: 'column', py: 0.75, lineHeight: 1.3 }
              : { textTransform: 'none', fontWeight: 700 }
          }
        >
          {priceOf ? (
            <>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {PLAN_LABELS[option]}
              </Box>
              <Box component="span" sx={{ fontSize: '0.8rem' }}>
                {priceOf(option)}
              </Box>
            </>
          ) : (
            PLAN_LABELS[option]
          )}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The plan and interval chosen are the ones the person pays for already. */
export function AlreadyHave({ label, interval }: { label: string | null; interval: BillingInterval }) {
  return label ? (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="subscribe-already">
      {`You already have ${label}, billed ${interval}. Choose another plan or interval to change it.`}
    </Alert>
  ) : null;
}

/** Billing is off on this server (the price list says so): plans can't be bought online. */
export function NotForSale({ billing }: { billing: unknown }) {
  return billing === null ? (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="not-for-sale">
      {NOT_FOR_SALE_YET}
    </Alert>
  ) : null;
}
