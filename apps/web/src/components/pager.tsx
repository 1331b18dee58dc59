import { Box, Pagination } from '@mui/material';
import { useState } from 'react';

/** A long table shown a page at a time: the page the reader is on, how many there are, and that page's rows. */
export function usePaged<T>(rows: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  return { page, setPage, pages, shown };
}

/** The page numbers under a paged table. */
export function Pager({
  pages,
  page,
  onChange,
  siblingCount,
  label,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** Pages named either side of the current one (fewer where the table sits beside other content). */
  siblingCount: number;
  label?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
      <Pagination
        count={pages}
        page={page}
        onChange={(_, value) => onChange(value)}
        siblingCount={siblingCount}
        // Without a label, Pagination keeps its own ("pagination navigation").
        {...(label ? { 'aria-label': label } : {})}
      />
    </Box>
  );
}
