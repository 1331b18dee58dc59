import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Alert, Link } from '@mui/material';
import { PAGES } from '../../shared/routes.ts';
import { useGetSignInOptionsQuery } from './sign-in-options-api.ts';

const MAILBOX_PATH = PAGES.find((page) => page.id === 'devMail')?.path ?? '/dev/mail';

/**
 * On a local install without mail, codes land in the local mailbox: the code steps point there, in a new tab so
 * the step keeps what was typed. Shown only when the server says this browser may open it.
 */
export function MailboxLink() {
  const { data } = useGetSignInOptionsQuery();
  if (!data?.localMailbox) return null;
  return (
    <Alert severity="info" icon={<MarkEmailReadOutlinedIcon fontSize="inherit" />} data-testid="local-mailbox-link">
      Running locally?{' '}
      <Link href={MAILBOX_PATH} target="_blank" rel="noopener">
        Open the mailbox
      </Link>{' '}
      to read the code.
    </Alert>
  );
}
