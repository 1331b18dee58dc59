import { Paper } from '@mui/material';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { SearchPanel } from './search-panel.tsx';

/** /search and /quote: the symbol search as a page. */
export default function SearchPage() {
  const page = pageById('search');
  useDocumentMeta(page.title, page.description);
  return (
    <PageFrame title={page.title} description={page.description}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 760 }}>
        <SearchPanel autoFocus />
      </Paper>
    </PageFrame>
  );
}
