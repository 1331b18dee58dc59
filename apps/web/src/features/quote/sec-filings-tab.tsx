import { SEC_FILING_KINDS } from '@eh/domain';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, Chip, List, ListItemButton, Typography } from '@mui/material';
import { useState } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatDate } from '../../shared/market/format.ts';
import { type SecFilingItem, useGetAssetFilesQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import type { SymbolSectionProps } from '../../shared/symbol-context.ts';
import { filingKind, useSecFilingSelection } from './sec-filing-selection.ts';

/** Filings listed at first, and added by each "Show more". */
const PAGE_SIZE = 25;

/**
 * The kind chips' text: white on the red and green, near-black on the lighter orange and blue, so every label
 * keeps 4.5:1 contrast (the theme's own contrast text is white on all four).
 */
export function filingChipSx(color: string) {
  return {
    fontWeight: 700,
    minWidth: 64,
    ...(color === 'warning' || color === 'info' ? { color: 'rgba(0, 0, 0, 0.87)' } : {}),
  };
}

/** A filing's kind as a chip in its SPEC §3 colour: '10-K' with 'Annual Report'. */
export function FilingKindChip({ filing }: { filing: Pick<SecFilingItem, 'type' | 'form' | 'color'> }) {
  const kind = filingKind(filing.type);
  return (
    <Chip
      size="small"
      label={kind?.form ?? filing.form}
      color={filing.color === 'default' ? 'default' : filing.color}
      sx={filingChipSx(filing.color)}
    />
  );
}

/** The company's SEC filings of the chosen kinds, newest first; each opens the SEC filing modal. */
export function SecFilingsTab({ symbol, compact }: SymbolSectionProps) {
  const dispatch = useAppDispatch();
  const selection = useSecFilingSelection();
  const all = selection.length === SEC_FILING_KINDS.length;
  const files = useGetAssetFilesQuery({ symbol, types: [...selection].join(',') }, { skip: selection.length === 0 });
  // Only answers for the kinds chosen now: after a change, the previous kinds never show while the new ones load.
  const filings = files.currentData?.filings ?? [];
  const [shown, setShown] = useState(PAGE_SIZE);
  return (
    <SectionCard
      title="SEC filings"
      headingLevel={compact ? 'h3' : 'h2'}
      subtitle={all ? 'All eleven filing kinds' : `${selection.length} of ${SEC_FILING_KINDS.length} filing kinds`}
      flush
      data-testid="sec-filings"
      action={
        <Button
          size="small"
          startIcon={<TuneIcon />}
          onClick={() => dispatch(modalOpened({ kind: 'secFilingsSettings' }))}
          data-testid="sec-filings-settings-button"
        >
          Filing types
        </Button>
      }
    >
      {selection.length === 0 ? (
        <Box sx={{ px: 2.5 }}>
          <EmptyState>No filing kinds chosen. Pick some under Filing types.</EmptyState>
        </Box>
      ) : !files.currentData && files.isFetching ? (
        <Box sx={{ px: 2 }}>
          <LoadingRows rows={6} height={44} />
        </Box>
      ) : files.error ? (
        <Box sx={{ px: 2 }}>
          <LoadError error={files.error} onRetry={files.refetch} />
        </Box>
      ) : filings.length === 0 ? (
        <Box sx={{ px: 2.5 }}>
          <EmptyState>No filings of these kinds on record for {symbol.toUpperCase()}.</EmptyState>
        </Box>
      ) : (
        <List disablePadding data-testid="sec-filings-list">
          {filings.slice(0, compact ? 12 : shown).map((filing) => (
            <li key={filing.id}>
              <ListItemButton
                divider
                onClick={() => dispatch(modalOpened({ kind: 'secFiling', props: { symbol, filingId: filing.id } }))}
                sx={{ gap: 1.5, px: { xs: 2, sm: 2.5 }, alignItems: 'flex-start' }}
              >
                <FilingKindChip filing={filing} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{filingKind(filing.type)?.label ?? filing.label}</Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    Filed {formatDate(filing.filedDate)}
                    {filing.periodOfReport ? ` · period ${formatDate(filing.periodOfReport)}` : ''}
                    {filing.items.length > 0 ? ` · items ${filing.items.join(', ')}` : ''}
                  </Typography>
                  {filing.description && !compact ? (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {filing.description}
                    </Typography>
                  ) : null}
                </Box>
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
      {!compact && filings.length > shown ? (
        <Box sx={{ px: 2.5, pt: 1 }}>
          <Button onClick={() => setShown((n) => n + PAGE_SIZE)} data-testid="sec-filings-more">
            Show more ({filings.length - shown} left)
          </Button>
        </Box>
      ) : null}
    </SectionCard>
  );
}
