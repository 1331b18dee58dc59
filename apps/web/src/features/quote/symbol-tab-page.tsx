import { Container } from '@mui/material';
import { useLocation } from 'react-router';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { symbolTabFromPath } from '../../shared/routes.ts';
import { useSymbolContext } from '../../shared/symbol-context.ts';
import { symbolPageMeta } from '../../shared/symbol-head.ts';
import { PAGE_SECTIONS } from './sections.ts';

/** One tab of a symbol page: its section, with the page's title and description. */
export default function SymbolTabPage() {
  const { symbol, asset } = useSymbolContext();
  const { pathname } = useLocation();
  const tab = symbolTabFromPath(pathname);
  const meta = symbolPageMeta(tab, symbol, asset.name);
  useDocumentMeta(meta.title, meta.description);
  const Section = PAGE_SECTIONS[tab.key];
  return (
    <Container
      maxWidth="lg"
      sx={{ py: { xs: 2, md: 3 } }}
      role="tabpanel"
      aria-label={tab.label}
      data-testid={`tab-${tab.key}`}
    >
      <Section symbol={symbol} asset={asset} />
    </Container>
  );
}
