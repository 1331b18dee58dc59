import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { ONBOARDING_STATUS_WORDS } from './affiliate-words.ts';
import {
  type AffiliateProgram,
  useConnectPayoutAccountMutation,
  useFinishTestOnboardingMutation,
  useGetConnectCountriesQuery,
  useGetOnboardingStatusQuery,
} from './affiliates-api.ts';
import { Section } from './section.tsx';
import { ToneChip } from './status-chip.tsx';

/** Where Stripe's onboarding sends the affiliate back (`?onboarding=return`) or when its link expired (`refresh`). */
const ONBOARDING_PARAM = 'onboarding';
/** The test provider's stand-in for Stripe's hosted onboarding: this page with the account's id. */
const TEST_ONBOARDING_PARAM = 'testOnboarding';

/** The browser's region ("en-GB" → "GB"), the country first offered. */
function browserRegion(): string | null {
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** Test billing: what Stripe's hosted onboarding asks is skipped; one button finishes the simulated account. */
function TestOnboarding({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const [finish, { isLoading, error }] = useFinishTestOnboardingMutation();
  return (
    <Alert
      severity="info"
      data-testid="affiliate-test-onboarding"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={isLoading}
          onClick={() =>
            void finish({ accountId })
              .unwrap()
              .then(onDone)
              .catch(() => undefined)
          }
          data-testid="affiliate-test-onboarding-finish"
        >
          Finish onboarding
        </Button>
      }
    >
      Test billing stands in for Stripe’s onboarding here: no identity or bank details are asked and nothing is paid out
      for real.
      {error ? ` ${errorMessage(error, 'The onboarding could not be finished.')}` : ''}
    </Alert>
  );
}

/**
 * The approved affiliate's payout account: a Stripe Connect Express account opened in their country, onboarded on
 * Stripe's pages (in test billing, on this page), then ready for the monthly payouts.
 */
export function PayoutAccountSection({ program }: { program: AffiliateProgram }) {
  const [params, setParams] = useSearchParams();
  const status = useGetOnboardingStatusQuery();
  const countries = useGetConnectCountriesQuery();
  const [connect, connecting] = useConnectPayoutAccountMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = countries.data?.countries ?? [];
  const region = browserRegion();
  const country =
    chosen ?? status.data?.countryCode ?? (list.some((c) => c.code === region) ? region : null) ?? list[0]?.code ?? '';
  const testAccount = program.testMode ? params.get(TEST_ONBOARDING_PARAM) : null;
  const returned = params.get(ONBOARDING_PARAM);
  const dropParams = () =>
    setParams(
      (current) => {
        current.delete(TEST_ONBOARDING_PARAM);
        current.delete(ONBOARDING_PARAM);
        return current;
      },
      { replace: true },
    );
  const start = () =>
    void connect({ countryCode: country })
      .unwrap()
      .then((answer) => window.location.assign(answer.url))
      .catch(() => undefined);
  const state = status.data;
  const countryName = (code: string | null) => list.find((c) => c.code === code)?.name ?? code ?? '';

  return (
    <Section
      title="Payout account"
      testId="affiliate-payout-account"
      aside={
        state ? (
          <ToneChip
            tone={state.status === 'complete' ? 'good' : state.status === 'pending' ? 'warn' : 'neutral'}
            label={ONBOARDING_STATUS_WORDS[state.status]}
            testId="affiliate-onboarding-status"
            data={state.status}
          />
        ) : null
      }
    >
      {!program.payoutsAvailable ? (
        <Alert severity="info">Payouts are not available on this server: it sells no plans.</Alert>
      ) : status.isLoading ? (
        <CircularProgress aria-label="Loading your payout account" />
      ) : !state ? (
        <Alert severity="error" action={<Button onClick={() => void status.refetch()}>Try again</Button>}>
          {errorMessage(status.error, 'Your payout account could not be loaded.')}
        </Alert>
      ) : (
        <>
          {testAccount && state.status !== 'complete' ? (
            <TestOnboarding accountId={testAccount} onDone={dropParams} />
          ) : null}
          {returned === 'return' && state.status !== 'complete' ? (
            <Alert severity="warning" onClose={dropParams}>
              Stripe still needs some details before it can pay you: continue the onboarding.
            </Alert>
          ) : null}
          {returned === 'refresh' ? (
            <Alert severity="info" onClose={dropParams}>
              The onboarding link expired: continue the onboarding for a fresh one.
            </Alert>
          ) : null}
          {state.status === 'complete' ? (
            <Typography data-testid="affiliate-payout-ready">
              Your payouts go to your Stripe account in {countryName(state.countryCode)}.
              {state.testMode ? ' In test billing nothing is paid out for real.' : ''}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                Stripe pays you: it asks for your identity and your bank account on its own pages, and keeps them.
                Choose the country your bank account is in; it cannot change once your account is ready.
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <TextField
                  select
                  size="small"
                  label="Country"
                  value={list.length ? country : ''}
                  onChange={(event) => setChosen(event.target.value)}
                  sx={{ minWidth: 240 }}
                  disabled={!list.length}
                  slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'affiliate-country' } }}
                >
                  {list.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </TextField>
                <Button
                  variant="contained"
                  disabled={!country || connecting.isLoading}
                  onClick={start}
                  data-testid="affiliate-connect"
                >
                  {state.status === 'pending' ? 'Continue onboarding' : 'Connect a payout account'}
                </Button>
              </Box>
              {connecting.error ? (
                <Alert severity="error">
                  {errorMessage(connecting.error, 'The payout account could not be opened.')}
                </Alert>
              ) : null}
            </>
          )}
        </>
      )}
    </Section>
  );
}
