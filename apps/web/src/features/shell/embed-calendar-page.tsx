import { Box, Link, Typography } from '@mui/material';
import { APP_NAME } from '../../app/constants.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { ArrivesWith } from '../../components/arrives-with.tsx';
import { Logo } from '../../components/logo.tsx';

const PAGE = pageById('embedCalendar');

/** The calendar embed (SPEC §2): no site chrome, a small attribution linking back. */
export default function EmbedCalendarPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  return (
    <Box component="main" sx={{ p: 2, minHeight: '100vh', bgcolor: 'background.paper' }}>
      <Typography variant="h1" sx={{ fontSize: '1.35rem', mb: 0.5 }}>
        {PAGE.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {PAGE.description}
      </Typography>
      <ArrivesWith feature={PAGE.arrivesWith ?? 'the earnings calendar'} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        <Logo size={18} />
        <Typography variant="caption" color="text.secondary">
          Powered by{' '}
          <Link href="/" target="_blank" rel="noopener">
            {APP_NAME}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
