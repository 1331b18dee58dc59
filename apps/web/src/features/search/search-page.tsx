import { Paper } from '@mui/material';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
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
