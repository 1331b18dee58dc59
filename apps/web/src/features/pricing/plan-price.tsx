import type { BillingInterval, Plan } from '@eh/domain';
import { Skeleton } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type CouponResponse, useGetPricesQuery } from './billing-api.ts';
import { couponFits, type PlanOffer } from './price-lines.ts';
import { PriceTag } from './price-tag.tsx';

/** A plan's price on a card: the list price, or with a coupon that fits the plan, the server's quote for it. */
export function PlanPrice({
  plan,
  offer,
  interval,
  coupon,
  loading,
  compact,
}: {
  plan: Plan;
  offer: PlanOffer | undefined;
  interval: BillingInterval;
  coupon?: CouponResponse | null | undefined;
  loading: boolean;
  compact?: boolean;
}) {
  const fits = coupon ? couponFits(coupon, plan) : false;
  const { data: prices } = useGetPricesQuery(coupon && fits ? { plan, couponId: coupon.id } : skipToken);
  if (!offer) return loading ? <Skeleton width={140} height={compact ? 32 : 44} data-testid="price-loading" /> : null;
  const quote = fits && prices?.coupon?.id === coupon?.id ? prices?.[interval] : null;
  return (
    <PriceTag
      offer={offer}
      interval={interval}
      quote={quote ?? null}
      couponName={quote ? (coupon?.name ?? null) : null}
      compact={compact}
    />
  );
}
