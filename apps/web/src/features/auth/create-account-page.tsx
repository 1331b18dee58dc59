import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { CreateAccountForm } from './create-account-form.tsx';

const PAGE = pageById('createAccount');

export default function CreateAccountPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const navigate = useNavigate();
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="sm">
      <CreateAccountForm onSignedIn={() => navigate('/')} />
    </PageFrame>
  );
}
