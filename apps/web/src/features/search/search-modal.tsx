import { DialogContent } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { SearchPanel } from './search-panel.tsx';

/** The search modal (opened with / or Ctrl/⌘+K from anywhere). */
export default function SearchModal({ onClose }: ModalContentProps<'symbolSearch'>) {
  return (
    <DialogContent sx={{ pt: 1 }}>
      <SearchPanel autoFocus onChosen={onClose} onEscape={onClose} />
    </DialogContent>
  );
}
