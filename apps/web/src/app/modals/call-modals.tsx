import CallEventModal from '../../features/calendar/call-event-modal.tsx';
import VideoModal from '../../features/live-calls/video-modal.tsx';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';

/** The call event and the video modal in one chunk (the first load carries one entry for both). */
export default function CallModals({ entry, onClose }: ModalContentProps<'callEvent' | 'video'>) {
  if (entry.kind === 'video') return <VideoModal entry={entry} onClose={onClose} />;
  return <CallEventModal entry={entry} onClose={onClose} />;
}
