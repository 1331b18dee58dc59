import { type BooleanAccountFeature, PLUS_PLAN, type Plan, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import CheckIcon from '@mui/icons-material/Check';
import { Box, Chip, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { FEATURE_LABELS, listLimitLabel, type PlanFeatures } from './pricing-model.ts';

export const PLAN_PITCH: Readonly<Partial<Record<Plan, string>>> = {
  free: 'Browse the calendar, quotes, news and the EH500 ranking.',
  [PLUS_PLAN]: 'For investors who follow their companies’ calls.',
  [PRO_PLAN]: 'For investors who size up every report.',
  [TEAM_PLAN]: 'Pro for every member of an organization, billed together.',
};

/** What every plan includes, free as well (the free plan's list). */
const FREE_BASICS = [
  'Earnings calendar with confirmed and estimated dates',
  'Quotes, charts and symbol pages',
  'News and the earnings feed',
] as const;

/** A plan that adds no feature flag over the one before (team over pro) adds the organization. */
const TEAM_ADDS = 'Members, roles and one bill for the organization';

function FeatureLine({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <ListItemIcon sx={{ minWidth: 30 }}>
        <CheckIcon fontSize="small" color="primary" />
      </ListItemIcon>
      <ListItemText primary={children} slotProps={{ primary: { sx: strong ? { fontWeight: 700 } : undefined } }} />
    </ListItem>
  );
}

export interface PlanFeatureListProps {
  /** A new list limit, when the plan changes it. */
  listLimit: number | null;
  added: readonly BooleanAccountFeature[];
  /** The feature to stress (the one a gate stopped the reader at): first and bold. */
  highlight?: BooleanAccountFeature | 'listLimit' | null;
  /** The lines of a plan that adds no feature: the free basics, or the team's organization. */
  fallback?: readonly string[];
  /** One line of text instead of a checked list (the compact cards). */
  inline?: boolean;
  'data-testid'?: string;
}

interface FeatureText {
  text: string;
  strong: boolean;
}

/** The lines of a plan's features: the highlighted one first, then the list limit, then the rest in rule order. */
function featureTexts({ listLimit, added, highlight, fallback }: PlanFeatureListProps): FeatureText[] {
  const lines: (FeatureText & { first: boolean })[] = [
    ...(listLimit === null
      ? []
      : [{ text: listLimitLabel(listLimit), strong: highlight === 'listLimit', first: highlight === 'listLimit' }]),
    ...added.map((feature) => ({
      text: FEATURE_LABELS[feature],
      strong: highlight === feature,
      first: highlight === feature,
    })),
    ...(added.length === 0 ? (fallback ?? []).map((text) => ({ text, strong: false, first: false })) : []),
  ];
  return [...lines.filter((line) => line.first), ...lines.filter((line) => !line.first)];
}

/** A plan's features as a checked list (or one line), from the domain's feature rules. */
export function PlanFeatureList(props: PlanFeatureListProps) {
  const lines = featureTexts(props);
  if (props.inline) {
    return (
      <Typography variant="body2" data-testid={props['data-testid']}>
        {lines.map((line) => line.text).join(' · ')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid={props['data-testid']}>
      {lines.map((line) => (
        <FeatureLine key={line.text} strong={line.strong}>
          {line.text}
        </FeatureLine>
      ))}
    </List>
  );
}

export interface PlanCardProps {
  step: PlanFeatures;
  previous: PlanFeatures | undefined;
  /** The reader's plan: marked "Your plan". */
  current?: boolean;
  /** Tighter spacing and no pitch (the choose-plan modal). */
  compact?: boolean;
  /** Under the name: the plan's price from the server's price list. */
  price?: ReactNode;
  /** Under the price (the plan's button). */
  action?: ReactNode;
}

/** One plan of the pricing ladder: its name, pitch and what it adds over the plan before it. */
export function PlanCard({ step, previous, current, compact, price, action }: PlanCardProps) {
  const headingId = `plan-${step.plan}${compact ? '-compact' : ''}`;
  const highlighted = step.plan === PRO_PLAN;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-${step.plan}`}
      data-current={current ? 'true' : undefined}
      sx={{
        p: compact ? 1.5 : 2.5,
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'secondary.main' : highlighted ? 'primary.main' : undefined,
        borderWidth: current || highlighted ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography
          variant={compact ? 'h3' : 'h2'}
          component={compact ? 'h3' : 'h2'}
          id={headingId}
          sx={compact ? { fontSize: '1.1rem', fontWeight: 700 } : undefined}
        >
          {PLAN_LABELS[step.plan]}
        </Typography>
        {current ? (
          <Chip size="small" color="secondary" label="Your plan" data-testid="current-plan" />
        ) : highlighted && !compact ? (
          <Chip size="small" color="primary" label="Most complete" />
        ) : null}
      </Box>
      {price}
      {action ? <Box sx={{ mb: compact ? 1 : 2 }}>{action}</Box> : null}
      {compact ? null : (
        <Typography color="text.secondary" sx={{ mb: 2, minHeight: { lg: 48 } }}>
          {PLAN_PITCH[step.plan]}
        </Typography>
      )}
      <Typography variant="subtitle2" component={compact ? 'p' : 'h3'} color={compact ? 'text.secondary' : undefined}>
        {previous ? `Everything in ${PLAN_LABELS[previous.plan]}, plus` : 'Included'}
      </Typography>
      <PlanFeatureList
        listLimit={previous?.features.listLimit === step.features.listLimit ? null : step.features.listLimit}
        added={previous ? step.added : []}
        fallback={previous ? [TEAM_ADDS] : FREE_BASICS}
        inline={compact}
      />
    </Paper>
  );
}
