import { Button, DialogActions, DialogContent } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LegalDocumentView } from './legal-document-view.tsx';
import { PRIVACY_POLICY } from './legal-documents.ts';

export default function PrivacyModal({ onClose }: ModalContentProps<'privacyPolicy'>) {
  return (
    <>
      <DialogContent dividers>
        <LegalDocumentView document={PRIVACY_POLICY} headingLevel="h3" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
