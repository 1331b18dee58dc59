import { DEFAULT_PRICE_TYPE } from '@eh/domain';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { Alert, Box, Button, DialogActions, DialogContent, Skeleton, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import {
  COUPON_PARAM,
  couponSummary,
  NOT_FOR_SALE_YET,
  PlanIntervalSwitch,
  PlanPrice,
  useGetCouponQuery,
  usePlanPrices,
  withoutField,
} from '../pricing/index.ts';
import { offerPlan } from './subscribe-model.ts';

/**
 * The promotion modal (prop `coupon`, a code such as a partner's): what the offer takes off, the price with it, and
 * the way into the subscribe modal with the code applied.
 */
export default function PromotionModal({ entry, onClose }: ModalContentProps<'promotion'>) {
  const dispatch = useAppDispatch();
  const code = typeof entry.props.coupon === 'string' && entry.props.coupon ? entry.props.coupon : null;
  const { data: coupon, error, isLoading } = useGetCouponQuery(code ? { name: code } : skipToken);
  const prices = usePlanPrices();
  const [interval, setBillingInterval] = useState(DEFAULT_PRICE_TYPE);
  const plan = coupon ? offerPlan(coupon) : null;
  const offer = plan ? prices.offerOf(plan) : undefined;
  const billingOn = !!prices.billing;

  return (
    <>
      <DialogContent data-testid="promotion-modal" data-coupon={coupon?.name ?? code ?? ''}>
        {!code ? (
          <Typography>There is no offer to show.</Typography>
        ) : isLoading ? (
          <Skeleton variant="rounded" height={120} aria-label="Loading the offer" />
        ) : error || !coupon || !plan ? (
          <Alert severity="warning" data-testid="promotion-problem">
            {withoutField(errorMessage(error as ApiError, 'This offer could not be read.'))}
          </Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
              <LocalOfferOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
              <Box>
                <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.2rem' }} data-testid="promotion-offer">
                  {`${couponSummary(coupon, PLAN_LABELS)}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`With code ${coupon.name}`}
                  {coupon.expiresAt ? `, until ${billingDate(coupon.expiresAt)}` : ''}.
                </Typography>
              </Box>
            </Box>
            <Box sx={{ mb: 1.5 }}>
              <PlanIntervalSwitch value={interval} onChange={setBillingInterval} offer={offer} />
            </Box>
            <Typography variant="subtitle2" component="h4">
              {PLAN_LABELS[plan]}
            </Typography>
            <PlanPrice plan={plan} offer={offer} interval={interval} coupon={coupon} loading={prices.loading} />
            {prices.billing === null ? (
              <Alert severity="info" data-testid="not-for-sale">
                {NOT_FOR_SALE_YET}
              </Alert>
            ) : (
              <BillingModeNote label={prices.billing?.label} dense />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Not now
        </Button>
        <Button
          component={RouterLink}
          to={coupon ? `/pricing?${COUPON_PARAM}=${encodeURIComponent(coupon.name)}` : '/pricing'}
          onClick={onClose}
        >
          See plans
        </Button>
        {coupon && plan && billingOn ? (
          <Button
            variant="contained"
            data-testid="promotion-claim"
            onClick={() =>
              dispatch(modalOpened({ kind: 'subscribe', props: { plan, priceType: interval, coupon: coupon.name } }))
            }
          >
            Get the offer
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}
