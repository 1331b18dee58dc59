import { Alert, Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { SubscribeFlow, type SubscribeResult } from './subscribe-flow.tsx';
import { CHECKOUT_PARAMS, requestedPlan, requestedPriceType } from './subscribe-model.ts';

/**
 * /stripe/checkout?plan&priceType&coupon: the subscribe flow as a page, for links from an email or the native app.
 * Signed out, signing in comes first on the page; once paid, the welcome opens and the page says what changed.
 */
export default function SubscribeCheckoutPage() {
  const page = pageById('stripeCheckout');
  useDocumentMeta(page.title, page.description);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [done, setDone] = useState<SubscribeResult | null>(null);
  const coupon = params.get(CHECKOUT_PARAMS.coupon)?.trim() || null;
  return (
    <PageFrame title={page.title} description={page.description} maxWidth="sm">
      {done ? (
        <Alert
          severity="success"
          data-testid="checkout-done"
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" size="small" component={RouterLink} to="/profile">
                Your account
              </Button>
              <Button color="inherit" size="small" component={RouterLink} to="/">
                Home
              </Button>
            </Box>
          }
        >
          {`Your ${PLAN_LABELS[done.plan]} plan is active, billed ${done.priceType}.`}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <SubscribeFlow
            layout="page"
            plan={requestedPlan(params.get(CHECKOUT_PARAMS.plan), PLAN_LABELS)}
            priceType={requestedPriceType(params.get(CHECKOUT_PARAMS.priceType))}
            coupon={coupon}
            onSubscribed={(result) => {
              setDone(result);
              dispatch(
                modalOpened({
                  kind: 'welcome',
                  props: { plan: result.plan, priceType: result.priceType, from: result.from, first: result.first },
                }),
              );
            }}
          />
        </Paper>
      )}
    </PageFrame>
  );
}
