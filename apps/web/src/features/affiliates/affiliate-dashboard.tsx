import { type AccountingStatus, formatCents } from '@eh/domain';
import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { errorMessage } from '../../shared/api.ts';
import {
  billingDate,
  INTERVAL_WORDS,
  PAYMENT_STATUS_WORDS,
  SUBSCRIPTION_STATUS_WORDS,
} from '../../shared/manage-words.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import {
  ACCOUNTING_STATUS_WORDS,
  LAPSE_WORDS,
  PAYOUT_STATUS_WORDS,
  periodLabel,
  signedCents,
} from './affiliate-words.ts';
import {
  type Commission,
  type Payout,
  useGetAffiliateArrQuery,
  useGetAffiliateBalanceQuery,
  useGetAffiliateChargesQuery,
  useGetAffiliatePaymentsQuery,
  useGetReferredAccountsQuery,
} from './affiliates-api.ts';
import { Section } from './section.tsx';
import { type Tone, ToneChip } from './status-chip.tsx';

/** The chart library comes with this chunk only when there is a history to draw. */
const ArrChart = lazy(() => import('./arr-chart.tsx'));

const planName = (plan: string) => PLAN_LABELS[plan as keyof typeof PLAN_LABELS] ?? plan;

const ACCOUNTING_TONE: Readonly<Record<AccountingStatus, Tone>> = {
  pending: 'warn',
  accounted: 'good',
  not_applicable: 'neutral',
};

/** A figure of the balance: label, amount and note stacked; on a phone the amount sits at the right. */
function Figure({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        columnGap: 2,
        rowGap: 0.5,
        minWidth: 0,
        alignItems: 'center',
        gridTemplateAreas: { xs: '"label value" "note value"', sm: '"label" "value" "note"' },
        gridTemplateColumns: { xs: '1fr auto', sm: '1fr' },
      }}
      data-testid={testId}
    >
      <Typography variant="body2" color="text.secondary" sx={{ gridArea: 'label' }}>
        {label}
      </Typography>
      <Typography
        sx={{
          gridArea: 'value',
          fontSize: { xs: '1.3rem', sm: '1.6rem' },
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
        }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ gridArea: 'note' }}>
        {note}
      </Typography>
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 80 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function Failed({ error, what, retry }: { error: unknown; what: string; retry: () => void }) {
  return (
    <Alert severity="error" action={<Button onClick={retry}>Try again</Button>}>
      {errorMessage(error as Parameters<typeof errorMessage>[0], `${what} could not be loaded.`)}
    </Alert>
  );
}

function Balance() {
  const { data, error, isLoading, refetch } = useGetAffiliateBalanceQuery();
  if (isLoading) return <Loading label="Loading your balance" />;
  if (!data) return <Failed error={error} what="Your balance" retry={() => void refetch()} />;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      data-testid="affiliate-balance"
    >
      <Figure
        label="Pending"
        value={formatCents(data.pending, data.currency)}
        note="Until the payments can no longer be refunded"
        testId="affiliate-pending"
      />
      <Figure
        label="Next payout"
        value={formatCents(Math.max(0, data.available), data.currency)}
        note={`Accounted, paid on ${billingDate(data.nextPayoutOn)}`}
        testId="affiliate-available"
      />
      <Figure
        label="Paid out"
        value={formatCents(data.paidOut, data.currency)}
        note={data.reversed > 0 ? `${formatCents(data.reversed, data.currency)} taken back by refunds` : 'So far'}
        testId="affiliate-paid-out"
      />
    </Box>
  );
}

function Arr() {
  const { data, error, isLoading, refetch } = useGetAffiliateArrQuery();
  if (isLoading) return <Loading label="Loading your referred revenue" />;
  if (!data) return <Failed error={error} what="Your referred revenue" retry={() => void refetch()} />;
  const first = data.series[0];
  const last = data.series.at(-1);
  const label =
    first && last
      ? `Referred annual recurring revenue from ${billingDate(`${first.date}T12:00:00Z`)} to today: ${formatCents(last.arr, data.currency)} today.`
      : 'Referred annual recurring revenue';
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }} data-testid="affiliate-arr">
          {formatCents(data.arr, data.currency)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          a year from the subscriptions you referred, counted from the payments that cover today
        </Typography>
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
        <ArrChart series={data.series} label={label} />
      </Suspense>
    </Box>
  );
}

function CommissionRow({ row }: { row: Commission }) {
  const reversal = row.kind === 'reversal';
  return (
    <Box
      component="li"
      data-testid="affiliate-commission"
      data-kind={row.kind}
      data-accounting={row.accountingStatus}
      sx={{ display: 'grid', gap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600, minWidth: 0 }}>
          {reversal
            ? `Taken back: ${planName(row.plan)}, ${INTERVAL_WORDS[row.interval].toLowerCase()}`
            : `${row.percent}% of ${formatCents(row.chargeAmount, row.currency)} · ${planName(row.plan)}, ${INTERVAL_WORDS[row.interval].toLowerCase()}`}
        </Typography>
        <Typography
          sx={{
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            textDecoration: row.accountingStatus === 'not_applicable' ? 'line-through' : 'none',
          }}
          data-testid="affiliate-commission-amount"
        >
          {signedCents(row.amount, row.currency)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {reversal && row.accountedAt ? (
            <>
              Taken back <time dateTime={row.accountedAt}>{billingDate(row.accountedAt)}</time>
            </>
          ) : (
            <>
              Paid <time dateTime={row.chargedAt}>{billingDate(row.chargedAt)}</time>
            </>
          )}
          {row.reason
            ? ` · ${LAPSE_WORDS[row.reason]}`
            : row.paymentStatus && row.paymentStatus !== 'paid'
              ? ` · ${PAYMENT_STATUS_WORDS[row.paymentStatus]}`
              : ''}
          {row.accountingStatus === 'pending' ? ` · settles ${billingDate(row.settlesAt)}` : ''}
        </Typography>
        <ToneChip
          tone={ACCOUNTING_TONE[row.accountingStatus]}
          label={ACCOUNTING_STATUS_WORDS[row.accountingStatus]}
          testId="affiliate-commission-status"
        />
        {row.paidOut && <ToneChip tone="neutral" label="Paid out" />}
      </Box>
    </Box>
  );
}

function Commissions() {
  const { data, error, isLoading, refetch } = useGetAffiliateChargesQuery();
  if (isLoading) return <Loading label="Loading your commissions" />;
  if (!data) return <Failed error={error} what="Your commissions" retry={() => void refetch()} />;
  if (data.charges.length === 0)
    return (
      <Typography data-testid="affiliate-commissions-empty">
        No commissions yet. They show here as soon as someone you referred pays.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Commissions" data-testid="affiliate-commissions">
      {data.charges.map((row) => (
        <CommissionRow key={row.id} row={row} />
      ))}
    </Box>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <Box
      component="li"
      data-testid="affiliate-payout"
      data-status={payout.status}
      sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Typography sx={{ flex: 1, minWidth: 0 }}>
        {periodLabel(payout.period)}
        <Typography component="span" variant="body2" color="text.secondary">
          {` · ${PAYOUT_STATUS_WORDS[payout.status]}`}
          {payout.paidAt ? ` ${billingDate(payout.paidAt)}` : ''}
        </Typography>
      </Typography>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(payout.amount, payout.currency)}
      </Typography>
    </Box>
  );
}

function Payouts() {
  const { data, error, isLoading, refetch } = useGetAffiliatePaymentsQuery();
  if (isLoading) return <Loading label="Loading your payouts" />;
  if (!data) return <Failed error={error} what="Your payouts" retry={() => void refetch()} />;
  if (data.payments.length === 0)
    return (
      <Typography data-testid="affiliate-payouts-empty">
        No payouts yet: the first comes the month after a commission is accounted.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Payouts" data-testid="affiliate-payouts">
      {data.payments.map((payout) => (
        <PayoutRow key={payout.id} payout={payout} />
      ))}
    </Box>
  );
}

function Accounts() {
  const { data, error, isLoading, refetch } = useGetReferredAccountsQuery();
  if (isLoading) return <Loading label="Loading your referrals" />;
  if (!data) return <Failed error={error} what="Your referrals" retry={() => void refetch()} />;
  if (data.accounts.length === 0)
    return <Typography data-testid="affiliate-accounts-empty">Nobody you referred has paid yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Referred subscriptions" data-testid="affiliate-accounts">
      {data.accounts.map((account) => (
        <Box
          component="li"
          key={account.label}
          data-testid="affiliate-account"
          sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
        >
          <Typography sx={{ flex: 1, minWidth: 0 }}>
            {account.label}: {planName(account.plan)}, {INTERVAL_WORDS[account.interval].toLowerCase()}
            <Typography component="span" variant="body2" color="text.secondary">
              {` · ${SUBSCRIPTION_STATUS_WORDS[account.status]} · since ${billingDate(account.since)}`}
            </Typography>
          </Typography>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(account.earned, account.currency)} earned
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0, alignContent: 'start' }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The affiliate's dashboard: the balance, the referred ARR over time, commissions, payouts and referrals. */
export function AffiliateDashboard() {
  return (
    <Section title="Your earnings" testId="affiliate-dashboard">
      <Balance />
      <Part title="Referred revenue">
        <Arr />
      </Part>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Part title="Commissions">
          <Commissions />
        </Part>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Part title="Payouts">
            <Payouts />
          </Part>
          <Part title="Referrals">
            <Accounts />
          </Part>
        </Box>
      </Box>
    </Section>
  );
}
