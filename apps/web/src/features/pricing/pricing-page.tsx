import { PLUS_PLAN, type Plan, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Chip, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { PLAN_LABELS } from '../profile/plan-labels.ts';
import { FEATURE_LABELS, listLimitLabel, planLadder } from './pricing-model.ts';

const PLAN_PITCH: Readonly<Partial<Record<Plan, string>>> = {
  free: 'Browse the calendar, quotes, news and the EH500 ranking.',
  [PLUS_PLAN]: 'For investors who follow their companies’ calls.',
  [PRO_PLAN]: 'For investors who size up every report.',
  [TEAM_PLAN]: 'Pro for every member of an organisation, billed together.',
};

/** /pricing: the four plans and what each unlocks, from the domain's feature rules. */
export default function PricingPage() {
  const page = pageById('pricing');
  useDocumentMeta(page.title, page.description);
  const ladder = planLadder();
  return (
    <PageFrame title={page.title} description={page.description}>
      <Alert severity="info" sx={{ mb: 3 }}>
        Buying a plan opens with billing in a coming release; today every account is on Free.
      </Alert>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'stretch',
        }}
      >
        {ladder.map((step, index) => {
          const previous = ladder[index - 1];
          return (
            <Paper
              key={step.plan}
              variant="outlined"
              component="section"
              aria-labelledby={`plan-${step.plan}`}
              data-testid={`plan-${step.plan}`}
              sx={{
                p: 2.5,
                display: 'flex',
                flexDirection: 'column',
                borderColor: step.plan === PRO_PLAN ? 'primary.main' : undefined,
                borderWidth: step.plan === PRO_PLAN ? 2 : 1,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography variant="h2" component="h2" id={`plan-${step.plan}`}>
                  {PLAN_LABELS[step.plan]}
                </Typography>
                {step.plan === PRO_PLAN ? <Chip size="small" color="primary" label="Most complete" /> : null}
              </Box>
              <Typography color="text.secondary" sx={{ mb: 2, minHeight: { lg: 48 } }}>
                {PLAN_PITCH[step.plan]}
              </Typography>
              <Typography variant="subtitle2" component="h3">
                {previous ? `Everything in ${PLAN_LABELS[previous.plan]}, plus` : 'Included'}
              </Typography>
              <List dense disablePadding>
                {previous?.features.listLimit === step.features.listLimit ? null : (
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 30 }}>
                      <CheckIcon fontSize="small" color="primary" />
                    </ListItemIcon>
                    <ListItemText primary={listLimitLabel(step.features.listLimit)} />
                  </ListItem>
                )}
                {(previous ? step.added : (['calendar', 'quotes', 'news'] as const)).map((feature) => (
                  <ListItem key={feature} disableGutters>
                    <ListItemIcon sx={{ minWidth: 30 }}>
                      <CheckIcon fontSize="small" color="primary" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        feature in FEATURE_LABELS
                          ? FEATURE_LABELS[feature as keyof typeof FEATURE_LABELS]
                          : feature === 'calendar'
                            ? 'Earnings calendar with confirmed and estimated dates'
                            : feature === 'quotes'
                              ? 'Quotes, charts and symbol pages'
                              : 'News and the earnings feed'
                      }
                    />
                  </ListItem>
                ))}
                {previous && step.added.length === 0 ? (
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 30 }}>
                      <CheckIcon fontSize="small" color="primary" />
                    </ListItemIcon>
                    <ListItemText primary="Members, roles and one bill for the organisation" />
                  </ListItem>
                ) : null}
              </List>
            </Paper>
          );
        })}
      </Box>
    </PageFrame>
  );
}
