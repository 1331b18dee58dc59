import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { SubscribeFlow } from './subscribe-flow.tsx';
import { requestedPlan, requestedPriceType } from './subscribe-model.ts';

/**
 * The subscribe modal (props `plan`, `priceType`, `coupon`): the whole purchase in one window. Once paid, the
 * welcome modal takes its place.
 */
export default function SubscribeModal({ entry, onClose }: ModalContentProps<'subscribe'>) {
  const dispatch = useAppDispatch();
  const coupon = typeof entry.props.coupon === 'string' && entry.props.coupon ? entry.props.coupon : null;
  return (
    <SubscribeFlow
      layout="modal"
      plan={requestedPlan(entry.props.plan, PLAN_LABELS)}
      priceType={requestedPriceType(entry.props.priceType)}
      coupon={coupon}
      onCancel={onClose}
      onSubscribed={(result) =>
        dispatch(
          modalOpened({
            kind: 'welcome',
            props: { plan: result.plan, priceType: result.priceType, from: result.from, first: result.first },
          }),
        )
      }
    />
  );
}
