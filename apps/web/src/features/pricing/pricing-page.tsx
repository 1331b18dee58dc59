import { Alert, Box } from '@mui/material';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { PlanCard } from './plan-card.tsx';
import { NOT_FOR_SALE_YET, planLadder } from './pricing-model.ts';
import { useCurrentPlan } from './use-current-plan.ts';

/** /pricing: the four plans and what each unlocks, from the domain's feature rules; the reader's plan marked. */
export default function PricingPage() {
  const page = pageById('pricing');
  useDocumentMeta(page.title, page.description);
  const { plan: current } = useCurrentPlan();
  const ladder = planLadder();
  return (
    <PageFrame title={page.title} description={page.description}>
      <Alert severity="info" sx={{ mb: 3 }} data-testid="not-for-sale">
        {NOT_FOR_SALE_YET}
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
        {ladder.map((step, index) => (
          <PlanCard key={step.plan} step={step} previous={ladder[index - 1]} current={step.plan === current} />
        ))}
      </Box>
    </PageFrame>
  );
}
