import { formatCents, MAX_TEAM_LICENSES } from '@eh/domain';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { LicenceCountField } from './licence-count-field.tsx';
import { licenceCountProblem, licences, perInterval } from './team-model.ts';
import {
  type Organization,
  type TeamSubscription,
  useGetLicensePriceQuery,
  useSetTeamLicensesMutation,
} from './teams-api.ts';

type LiveSubscription = NonNullable<TeamSubscription['subscription']>;

/**
 * Changing a subscribed team's licences (the owner): the new count (never below the seats taken), what the team
 * pays each period before and after (the licences price call, at the team's interval), then POST …/licenses.
 */
export function LicenceChange({
  organization,
  subscription,
  initial,
  onChanged,
  submitLabel,
}: {
  organization: Organization;
  subscription: LiveSubscription;
  /** The count to start from (the current one unless asked for more). */
  initial?: number;
  onChanged?(licenseCount: number): void;
  submitLabel?: string;
}) {
  const { seats } = organization;
  const current = seats.licenseCount;
  const minimum = Math.max(1, seats.seatsUsed);
  const [value, setValue] = useState(String(initial ?? current));
  const problem = licenceCountProblem(value, minimum, MAX_TEAM_LICENSES);
  const next = problem ? null : Number(value);
  const changed = next !== null && next !== current;
  const price = useGetLicensePriceQuery(changed ? { orgId: organization.id, licenseCount: next } : skipToken);
  const [save, state] = useSetTeamLicensesMutation();
  const interval = subscription.priceType;
  const quote = changed ? (price.currentData?.[interval] ?? null) : null;
  const renews = subscription.nextChargeAmount ?? subscription.amount;
  const difference = quote ? quote.afterPromo - renews : 0;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="licence-change">
      <Typography variant="body2" color="text.secondary">
        {`${licences(current)} now, ${seats.seatsUsed} taken (members and pending invites): ${perInterval(renews, subscription.currency, interval)}.`}
      </Typography>
      <LicenceCountField
        value={value}
        onChange={setValue}
        minimum={minimum}
        maximum={MAX_TEAM_LICENSES}
        problem={problem}
        disabled={state.isLoading}
      />
      {changed ? (
        price.isError ? (
          <Alert severity="warning">{errorMessage(price.error, 'The price could not be read.')}</Alert>
        ) : quote ? (
          <Box
            data-testid="licence-change-price"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.25, display: 'grid', gap: 0.25 }}
          >
            <Typography sx={{ fontWeight: 700 }}>
              {`${licences(next)}: ${perInterval(quote.afterPromo, quote.currency, interval)}`}
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {` (${difference >= 0 ? '+' : '−'}${formatCents(Math.abs(difference), quote.currency)})`}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${licences(1)} is ${perInterval(quote.unitAmount, quote.currency, interval)}. The change is prorated for the rest of this period on the next invoice.`}
            </Typography>
          </Box>
        ) : (
          <Skeleton variant="rounded" height={64} aria-label="Loading the price" />
        )
      ) : null}
      {state.error ? (
        <Alert severity="error" role="alert" data-testid="licence-change-error">
          {errorMessage(state.error, 'The licences could not be changed.')}
        </Alert>
      ) : null}
      <Box>
        <Button
          variant="contained"
          disabled={!changed || !quote}
          loading={state.isLoading}
          data-testid="licence-change-save"
          onClick={async () => {
            if (next === null) return;
            const result = await save({ orgId: organization.id, licenseCount: next });
            if (!('error' in result)) onChanged?.(next);
          }}
        >
          {submitLabel ??
            (next !== null && next > current ? `Buy ${licences(next - current)} more` : 'Change licences')}
        </Button>
      </Box>
    </Box>
  );
}
