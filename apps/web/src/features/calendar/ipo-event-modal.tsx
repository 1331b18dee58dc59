import type { ModalContentProps } from '../modals/modal-content.ts';
import { EventModalBody } from './event-details.tsx';

/** An IPO on the calendar: the company, the day it lists and the offer's terms. */
export default function IpoEventModal(props: ModalContentProps) {
  return <EventModalBody {...props} />;
}
