import { Container, Typography } from '@mui/material';
import { useLocation, useParams } from 'react-router';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { SYMBOL_TAB_CONTENT } from '../../app/page-content.ts';
import { formatRouteParam, symbolTabFromPath } from '../../app/routes.ts';
import { ArrivesWith } from '../../components/arrives-with.tsx';

/** One tab of a symbol page: what it will show, and its empty state until its issue lands. */
export default function SymbolTabPage() {
  const { symbol = '' } = useParams();
  const { pathname } = useLocation();
  const tab = symbolTabFromPath(pathname);
  const display = formatRouteParam('symbol', symbol);
  const content = SYMBOL_TAB_CONTENT[tab.key];
  useDocumentMeta(`${display} ${tab.label}`, `${display}: ${content.description}`);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} role="tabpanel" aria-label={tab.label}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {tab.label}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '70ch' }}>
        {content.description}
      </Typography>
      <ArrivesWith feature={content.arrivesWith} headingLevel="h3" />
    </Container>
  );
}
