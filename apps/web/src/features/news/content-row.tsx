import { Box, Chip, type ChipProps, Link, ListItem, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

/** Symbols named on a row at the most; the page behind the title lists them all. */
const ROW_SYMBOLS = 3;

interface Props {
  /** The kind of content, as a reader names it. */
  kind: string;
  kindColor?: ChipProps['color'];
  /** Its companies, each linked to its quote page. */
  symbols?: readonly string[];
  /** After the kind and symbols: when (in the reader's zone), and by whom where known. */
  meta: string;
  title: string;
  href: string;
  onOpen?: (event: MouseEvent) => void;
  linkTestId?: string;
  summary?: string | null;
  /** Tighter rows without the summary. */
  dense?: boolean | undefined;
  /** Inside a card: the row keeps the card's inner margins. */
  inset?: boolean;
  'data-kind'?: string;
}

/** One item of a news or feed list: its kind, companies and time, then its title (a link) and summary. */
export function ContentRow({
  kind,
  kindColor,
  symbols = [],
  meta,
  title,
  href,
  onOpen,
  linkTestId,
  summary,
  dense,
  inset,
  'data-kind': dataKind,
}: Props) {
  return (
    <ListItem
      divider
      sx={{ display: 'block', px: inset ? { xs: 2, sm: 2.5 } : 0, py: dense ? 1 : 1.5 }}
      data-kind={dataKind}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.25 }}>
        <Chip size="small" {...(kindColor ? { color: kindColor } : {})} variant="outlined" label={kind} />
        {symbols.slice(0, ROW_SYMBOLS).map((symbol) => (
          <Link
            key={symbol}
            component={RouterLink}
            to={`/quote/${encodeURIComponent(symbol)}`}
            variant="caption"
            sx={{ fontWeight: 700 }}
          >
            {symbol}
          </Link>
        ))}
        <Typography variant="caption" color="text.secondary">
          {meta}
        </Typography>
      </Box>
      <Link
        component={RouterLink}
        to={href}
        onClick={onOpen}
        sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}
        data-testid={linkTestId}
      >
        {title}
      </Link>
      {summary && !dense ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {summary}
        </Typography>
      ) : null}
    </ListItem>
  );
}
