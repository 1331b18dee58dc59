import EmbedCalendarPage from '../features/calendar/embed-calendar-page.tsx';
import { ModalHost } from './modals/modal-host.tsx';

/** /embed/calendar: the embeddable calendar, with the modal stack its report details open in. */
export default function EmbedCalendar() {
  return <EmbedCalendarPage modals={<ModalHost />} />;
}
