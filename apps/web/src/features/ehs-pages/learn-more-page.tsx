import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { MethodView } from './method-view.tsx';

/** /ehs/learn-more: the published method of docs/ehs.md. */
export default function LearnMorePage() {
  const page = pageById('ehsLearnMore');
  useDocumentMeta(page.title, page.description);
  return (
    <PageFrame title={page.title} description={page.description} maxWidth="md">
      <MethodView />
    </PageFrame>
  );
}
