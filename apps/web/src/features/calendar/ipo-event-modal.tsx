import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EventModalBody } from './event-details.tsx';

/** An IPO on the calendar: the company, the day it lists and the offer's terms. */
export default function IpoEventModal(props: ModalContentProps<'ipoEvent'>) {
  return <EventModalBody {...props} />;
}
