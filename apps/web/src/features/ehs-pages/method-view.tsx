import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import source from '../../../../../docs/ehs.md?raw';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type Block, type Inline, parseMarkdown } from './markdown.ts';

const BLOCKS = parseMarkdown(source);

function inline(parts: readonly Inline[]): ReactNode[] {
  return parts.map((part, index) =>
    part.kind === 'strong' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
      <strong key={index}>{part.text}</strong>
    ) : part.kind === 'code' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
      <code key={index}>{part.text}</code>
    ) : (
      part.text
    ),
  );
}

function block(item: Block, index: number, offset: number): ReactNode {
  if (item.kind === 'heading') {
    const level = Math.min(6, item.level + offset);
    return (
      <Typography
        key={index}
        id={item.id}
        component={`h${level}` as 'h2'}
        variant={level <= 2 ? 'h2' : 'h3'}
        sx={{ mt: index === 0 ? 0 : 4, mb: 1.5 }}
      >
        {inline(item.text)}
      </Typography>
    );
  }
  if (item.kind === 'paragraph')
    return (
      <Typography key={index} sx={{ mb: 2, lineHeight: 1.7, maxWidth: '75ch' }}>
        {inline(item.text)}
      </Typography>
    );
  if (item.kind === 'list') {
    const Tag = item.ordered ? 'ol' : 'ul';
    return (
      <Box key={index} component={Tag} sx={{ pl: 3, mb: 2, maxWidth: '75ch', '& li': { mb: 0.75, lineHeight: 1.6 } }}>
        {item.items.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
          <li key={i}>{inline(entry)}</li>
        ))}
      </Box>
    );
  }
  return (
    <TableScroll
      label={`Table: ${item.header.map((cell) => cell.map((part) => part.text).join('')).join(', ')}`}
      key={index}
      sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 900 }}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            {item.header.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
              <TableCell key={i} sx={{ fontWeight: 700 }}>
                {inline(cell)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {item.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
            <TableRow key={r}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
                <TableCell key={i}>{inline(cell)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

/**
 * The published EHS method, read from docs/ehs.md at build time (so the page and the document never drift). The
 * document's own title is dropped when the page has its heading; `headingOffset` keeps the outline right inside
 * a page (h2 onwards) or a modal.
 */
export function MethodView({ skipTitle = true, headingOffset = 0 }: { skipTitle?: boolean; headingOffset?: number }) {
  const blocks = skipTitle && BLOCKS[0]?.kind === 'heading' ? BLOCKS.slice(1) : BLOCKS;
  return <Box data-testid="ehs-method">{blocks.map((item, index) => block(item, index, headingOffset))}</Box>;
}
