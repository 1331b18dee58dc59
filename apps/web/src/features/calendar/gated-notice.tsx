import type { PremiumMarker } from '@eh/contracts';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { GATED_FEATURE_LABELS, planFor } from '../../shared/upgrade-prompt.tsx';
import type { CalendarAccess } from './calendar-access.ts';
import { shortDate } from './calendar-format.ts';

/** The slim line both notices over the calendar are drawn as. */
const NOTICE_SX = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  mb: 2,
  px: 1.5,
  py: 0.75,
  borderRadius: 1.5,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;

/** 'a', 'a and b', 'a, b and c' */
function joined(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * One slim line over the calendar for everything the plan withheld from this window (the API's gated markers):
 * what, and the plan that unlocks it. The rows themselves stay (titles and times of economic and Fed releases,
 * recent reports), so the calendar never looks empty for want of a plan.
 */
export function GatedNotice({ gated, historyStart }: { gated: readonly PremiumMarker[]; historyStart: string | null }) {
  const dispatch = useAppDispatch();
  if (gated.length === 0) return null;
  const plan = gated.some((gate) => planFor(gate.feature) === 'Pro') ? 'Pro' : 'Plus';
  const labels = gated.map((gate) =>
    gate.feature === 'earningsHistory' && historyStart
      ? `reports before ${shortDate(historyStart)}`
      : (GATED_FEATURE_LABELS[gate.feature] ?? gate.feature),
  );
  return (
    <Box data-testid="upgrade-prompt" data-feature={gated.map((gate) => gate.feature).join(' ')} sx={NOTICE_SX}>
      <LockOutlinedIcon aria-hidden sx={{ fontSize: 18, color: 'primary.main' }} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
        {`${labels[0]?.[0]?.toUpperCase() ?? ''}${joined(labels).slice(1)} need ${plan}.`}
      </Typography>
      <Button
        size="small"
        onClick={() => dispatch(modalOpened({ kind: 'upgrade', props: { feature: gated[0]?.feature ?? null, plan } }))}
        sx={{ flexShrink: 0 }}
      >
        Upgrade
      </Button>
    </Box>
  );
}

/**
 * Over a calendar whose "My list" filter the reader cannot use: signed out, the sign-in prompt; on a free plan,
 * the upgrade prompt. Nothing otherwise (and nothing while the session is still being read).
 */
export function OwnListNotice({ access }: { access: CalendarAccess }) {
  const status = useAppSelectorInTransition((state) => state.auth.status);
  if (status === 'unknown' || (access.signedIn && access.customFilter)) return null;
  const signIn = !access.signedIn;
  return (
    <Box data-testid={signIn ? 'own-list-sign-in' : 'upgrade-prompt'} data-feature="stockFilter" sx={NOTICE_SX}>
      <LockOutlinedIcon aria-hidden sx={{ fontSize: 18, color: 'primary.main' }} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
        {signIn ? 'Sign in to see the reports of your own list.' : `Your own list needs ${planFor('stockFilter')}.`}
      </Typography>
      <Button size="small" onClick={() => access.request('customFilter')} sx={{ flexShrink: 0 }}>
        {signIn ? 'Sign in' : 'Upgrade'}
      </Button>
    </Box>
  );
}
