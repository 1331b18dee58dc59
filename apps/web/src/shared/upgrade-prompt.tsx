import { GATED_FEATURE_REQUIREMENTS, PRO_ONLY_FEATURES } from '@eh/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from './hooks.ts';
import { modalOpened } from './modals/modals-slice.ts';

/** What each gated feature unlocks, in a trader's words. */
export const GATED_FEATURE_LABELS: Readonly<Record<string, string>> = {
  priceMove: 'price moves around earnings',
  guidance: 'corporate guidance',
  call: 'recorded call audio',
  slides: 'earnings slides',
  report: 'earnings reports',
  aiSummary: 'AI summaries',
  transcript: 'full transcripts',
  analystRatings: 'analyst ratings',
  ehs: 'EHS scores',
  earningsHistory: 'the full earnings history',
  dividendHistory: 'the full dividend history',
  shortInterestHistory: 'the short interest history',
  stockFilter: 'stock filters',
  calendarSettings: 'calendar settings',
  historicalAudio: 'recorded call audio',
  alerts: 'alerts',
  multipleAssetLists: 'more stock lists',
  keywordAlerts: 'keyword alerts on calls',
  economicCalendar: 'economic calendar figures',
  fedCalendar: 'Fed calendar figures',
};

/** The plan that unlocks a gated feature: Pro for the pro-only account features, otherwise Plus. */
export function planFor(feature: string): 'Plus' | 'Pro' {
  const requirement = (GATED_FEATURE_REQUIREMENTS as Record<string, string>)[feature] ?? feature;
  return (PRO_ONLY_FEATURES as readonly string[]).includes(requirement) ? 'Pro' : 'Plus';
}

export interface GatedLike {
  feature: string;
  hidden: number;
}

/** The first marker of an answer's `gated` (one marker, a list, or null). */
export function firstGate(gated: GatedLike | readonly GatedLike[] | null | undefined): GatedLike | null {
  if (!gated) return null;
  if (Array.isArray(gated)) return (gated as readonly GatedLike[])[0] ?? null;
  return gated as GatedLike;
}

export interface UpgradePromptProps {
  gate: GatedLike;
  /** What the visitor sees already, e.g. "You see the latest dividend." */
  note?: string;
  compact?: boolean;
}

/**
 * In place of data the plan withheld (the API's gated markers): what is hidden, which plan unlocks it, and the
 * upgrade modal. Never an empty state: the data exists.
 */
export function UpgradePrompt({ gate, note, compact }: UpgradePromptProps) {
  const dispatch = useAppDispatch();
  const label = GATED_FEATURE_LABELS[gate.feature] ?? gate.feature;
  const plan = planFor(gate.feature);
  const hidden =
    gate.hidden > 1
      ? `${gate.hidden.toLocaleString('en-US')} item${gate.hidden === 1 ? ' is' : 's are'} hidden on your plan.`
      : note
        ? ''
        : `Your plan does not include ${label}.`;
  return (
    <Box
      data-testid="upgrade-prompt"
      data-feature={gate.feature}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: compact ? 'center' : 'flex-start',
        flexWrap: 'wrap',
        p: compact ? 1.5 : 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'primary.main',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(95,211,154,0.08)' : 'rgba(27,127,75,0.06)'),
      }}
    >
      <LockOutlinedIcon color="primary" aria-hidden sx={{ mt: compact ? 0 : 0.25 }} />
      <Box sx={{ flex: '1 1 220px' }}>
        <Typography sx={{ fontWeight: 600 }}>
          Unlock {label} with {plan}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note ? `${note} ` : ''}
          {hidden}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          onClick={() => dispatch(modalOpened({ kind: 'upgrade', props: { feature: gate.feature, plan } }))}
        >
          Upgrade to {plan}
        </Button>
        <Button component={RouterLink} to="/pricing" size="small" color="inherit">
          Plans
        </Button>
      </Box>
    </Box>
  );
}
