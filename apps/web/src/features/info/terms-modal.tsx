import { Button, DialogActions, DialogContent } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LegalDocumentView } from './legal-document-view.tsx';
import { TERMS_OF_SERVICE } from './legal-documents.ts';

export default function TermsModal({ onClose }: ModalContentProps<'termsOfService'>) {
  return (
    <>
      <DialogContent dividers>
        <LegalDocumentView document={TERMS_OF_SERVICE} headingLevel="h3" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
