import type { AffiliateDecision } from '@eh/domain';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { billingDate } from '../../shared/manage-words.ts';
import {
  type AffiliateRequestRow,
  useDecideAffiliateMutation,
  useGetAffiliateRequestsQuery,
} from './affiliates-api.ts';
import { Section } from './section.tsx';
import { RequestStatusChip } from './status-chip.tsx';

/** The decisions each status allows (the server's rule, packages/domain decide()), as buttons. */
const ACTIONS: Readonly<Record<AffiliateRequestRow['status'], { decision: AffiliateDecision; label: string }[]>> = {
  requested: [
    { decision: 'approved', label: 'Approve' },
    { decision: 'rejected', label: 'Reject' },
  ],
  approved: [{ decision: 'revoked', label: 'Revoke' }],
  rejected: [{ decision: 'approved', label: 'Approve' }],
  revoked: [{ decision: 'approved', label: 'Reinstate' }],
};

function RequestRow({ row, own }: { row: AffiliateRequestRow; own: boolean }) {
  const [decide, { isLoading, error }] = useDecideAffiliateMutation();
  const who = row.name ? `${row.name} (${row.email ?? 'no email'})` : (row.email ?? row.userId);
  return (
    <Box
      component="li"
      data-testid="affiliate-request-row"
      data-user={row.userId}
      sx={{ display: 'grid', gap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
        <RequestStatusChip status={row.status} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 220px' }}>
          Asked {billingDate(row.requestedAt)}
          {row.decidedAt ? ` · decided ${billingDate(row.decidedAt)}` : ''} · code {row.code}
        </Typography>
        {own ? (
          <Typography variant="body2" color="text.secondary">
            Another super admin decides on your own request.
          </Typography>
        ) : (
          ACTIONS[row.status].map(({ decision, label }) => (
            <Button
              key={decision}
              size="small"
              variant={decision === 'approved' ? 'contained' : 'outlined'}
              color={decision === 'revoked' ? 'error' : 'primary'}
              disabled={isLoading}
              onClick={() => void decide({ userId: row.userId, status: decision })}
              aria-label={`${label} ${row.email ?? row.userId}`}
              data-testid={`affiliate-decide-${decision}`}
            >
              {label}
            </Button>
          ))
        )}
      </Box>
      {error ? <Alert severity="error">{errorMessage(error, 'The decision could not be saved.')}</Alert> : null}
    </Box>
  );
}

/** Super admins: every request to join and every affiliate, oldest request first, with the decisions allowed. */
export function AffiliateRequestsSection({ ownUserId }: { ownUserId: string | null }) {
  const { data, error, isLoading, refetch } = useGetAffiliateRequestsQuery({});
  const rows = data?.affiliates ?? [];
  const waiting = rows.filter((row) => row.status === 'requested').length;
  return (
    <Section
      title="Requests to join"
      testId="affiliate-requests"
      aside={
        <Typography variant="body2" color="text.secondary">
          {waiting === 1 ? '1 waiting' : `${waiting} waiting`} · you see this as a super admin
        </Typography>
      }
    >
      {isLoading ? (
        <CircularProgress aria-label="Loading the requests" />
      ) : !data ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error, 'The requests could not be loaded.')}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography>Nobody has asked to join yet.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Affiliates and requests">
          {rows.map((row) => (
            <RequestRow key={row.userId} row={row} own={row.userId === ownUserId} />
          ))}
        </Box>
      )}
    </Section>
  );
}
