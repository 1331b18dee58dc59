import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { TableScroll } from '../../components/table-scroll.tsx';
import type { ApiError } from '../../shared/api.ts';
import { type MiniBar, MiniBars } from '../../shared/mini-bars.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { type GatedLike, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';

/** Entries the bars show at the most (the latest ones). */
const BAR_ENTRIES = 16;
/** Table rows inside the symbol modal. */
const COMPACT_ROWS = 8;

/** One figure of the latest entry, above the bars; the first is the headline and drawn larger. */
export interface HistoryFact {
  label: string;
  value: ReactNode;
  /** On the fact (label and value). */
  testId?: string;
  /** On the value alone. */
  valueTestId?: string;
}

/** A table column: dates and words stay on one line, figures align right. */
export interface HistoryColumn<T> {
  header: string;
  numeric?: boolean;
  /** The column the table is about, in bold. */
  strong?: boolean;
  cell: (entry: T) => ReactNode;
}

function cellStyle(column: HistoryColumn<never>) {
  const style = { ...(column.numeric ? {} : { whiteSpace: 'nowrap' }), ...(column.strong ? { fontWeight: 600 } : {}) };
  return Object.keys(style).length > 0 ? style : undefined;
}

interface Props<T> {
  title: string;
  testId: string;
  compact?: boolean | undefined;
  query: { isLoading: boolean; error?: ApiError | undefined; refetch: () => unknown };
  /** Newest first. */
  entries: readonly T[];
  gate: GatedLike | null;
  /** Said when there is nothing on record and nothing withheld. */
  empty: ReactNode;
  facts: (latest: T) => HistoryFact[];
  bars: { label: string; format: (value: number | null) => string; bar: (entry: T) => MiniBar };
  table: { label: string; testId: string; columns: HistoryColumn<T>[]; rowKey: (entry: T) => string };
  /** Beside the upgrade prompt: what the plan still shows. */
  gateNote: string;
}

/**
 * A symbol's dated history (dividends, short interest): the latest entry's figures, bars of the latest entries,
 * then every entry in a table, with an upgrade prompt where the plan withholds the older ones.
 */
export function DatedHistorySection<T>({
  title,
  testId,
  compact,
  query,
  entries,
  gate,
  empty,
  facts,
  bars,
  table,
  gateNote,
}: Props<T>) {
  const latest = entries[0];
  return (
    <SectionCard title={title} headingLevel={compact ? 'h3' : 'h2'} data-testid={testId}>
      {query.isLoading ? (
        <LoadingRows rows={5} />
      ) : query.error ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : entries.length === 0 && !gate ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          {latest ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
              {facts(latest).map((fact, index) => (
                <Box key={fact.label} data-testid={fact.testId}>
                  <Typography variant="body2" color="text.secondary">
                    {fact.label}
                  </Typography>
                  <Typography
                    sx={index === 0 ? { fontWeight: 700, fontSize: '1.3rem' } : { fontWeight: 600 }}
                    data-testid={fact.valueTestId}
                  >
                    {fact.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {entries.length > 2 ? (
            <Box sx={{ mb: 2 }}>
              <MiniBars
                label={bars.label}
                format={bars.format}
                bars={[...entries].reverse().slice(-BAR_ENTRIES).map(bars.bar)}
                height={72}
              />
            </Box>
          ) : null}
          <TableScroll bleed label={table.label}>
            <Table size="small" aria-label={table.label} data-testid={table.testId}>
              <TableHead>
                <TableRow>
                  {table.columns.map((column) => (
                    <TableCell key={column.header} align={column.numeric ? 'right' : undefined}>
                      {column.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.slice(0, compact ? COMPACT_ROWS : undefined).map((entry) => (
                  <TableRow key={table.rowKey(entry)} hover>
                    {table.columns.map((column) => (
                      <TableCell
                        key={column.header}
                        align={column.numeric ? 'right' : undefined}
                        sx={cellStyle(column)}
                      >
                        {column.cell(entry)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          {gate ? (
            <Box sx={{ mt: 2 }}>
              <UpgradePrompt gate={gate} note={gateNote} />
            </Box>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
