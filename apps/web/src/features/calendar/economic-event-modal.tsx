import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EventModalBody } from './event-details.tsx';

/**
 * An economic release or a Fed event: title and time for everyone; actual, forecast and previous figures with the
 * economic or Fed calendar feature (an upgrade prompt in their place otherwise).
 */
export default function EconomicEventModal(props: ModalContentProps<'economicEvent'>) {
  return <EventModalBody {...props} />;
}
