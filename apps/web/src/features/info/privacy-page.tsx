import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { LegalDocumentView } from './legal-document-view.tsx';
import { PRIVACY_POLICY } from './legal-documents.ts';

const PAGE = pageById('privacy');

export default function PrivacyPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  return (
    <PageFrame title={PRIVACY_POLICY.title} maxWidth="md">
      <LegalDocumentView document={PRIVACY_POLICY} headingLevel="h2" />
    </PageFrame>
  );
}
