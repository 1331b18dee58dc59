import { useNavigate } from 'react-router';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
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
