import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { LegalDocumentView } from './legal-document-view.tsx';
import { TERMS_OF_SERVICE } from './legal-documents.ts';

const PAGE = pageById('terms');

export default function TermsPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  return (
    <PageFrame title={TERMS_OF_SERVICE.title} maxWidth="md">
      <LegalDocumentView document={TERMS_OF_SERVICE} headingLevel="h2" />
    </PageFrame>
  );
}
