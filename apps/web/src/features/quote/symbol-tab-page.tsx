import { Container } from '@mui/material';
import { useLocation } from 'react-router';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { SYMBOL_TAB_CONTENT } from '../../app/page-content.ts';
import { symbolTabFromPath } from '../../app/routes.ts';
import { PAGE_SECTIONS } from './sections.ts';
import { useSymbolContext } from './symbol-context.ts';

/** What search engines and the tab title read for each symbol page. */
export function symbolPageMeta(
  tab: ReturnType<typeof symbolTabFromPath>,
  symbol: string,
  name: string,
): { title: string; description: string } {
  const display = symbol.toUpperCase();
  if (tab.key === 'overview') {
    return {
      title: `${display} stock price, earnings date and news · ${name}`,
      description: `${name} (${display}): live quote, next earnings date and time, results against estimates, EHS score, news and SEC filings.`,
    };
  }
  return {
    title: `${display} ${tab.label} · ${name}`,
    description: `${name} (${display}): ${SYMBOL_TAB_CONTENT[tab.key].description}`,
  };
}

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
