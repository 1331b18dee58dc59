import type { Citation, CitedStatement, FileAnalysis } from '@eh/contracts';
import type { PassageLocation } from '@eh/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Link, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Fragment, useEffect, useRef } from 'react';
import { useGetAnalyzerFileQuery } from '../../shared/market/market-api.ts';
import { EmptyState, LoadingRows } from '../../shared/query-state.tsx';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import type { TranscriptSectionLike } from './transcript-model.ts';
import {
  citationNumber,
  citationNumbers,
  citationPlace,
  citedStatements,
  writtenBy,
} from './transcript-summary-model.ts';

export interface AiSummaryPanelProps {
  fileId: string | null;
  /** The transcript shown beside the summary (for the citations' labels). */
  sections: readonly TranscriptSectionLike[];
  /** Shows the cited passage in the transcript. */
  onCite: (citation: Citation) => void;
  /** A passage whose statements are marked and scrolled to (a search hit in the summary opened it). */
  focus?: PassageLocation | null;
}

/** Whether a statement's first citation is the passage (a search hit in a summary is located at it). */
export function citesFirst(statement: CitedStatement, focus: PassageLocation | null | undefined): boolean {
  const first = statement.citations[0];
  return Boolean(
    focus &&
      first &&
      first.section === focus.section &&
      first.paragraph === focus.paragraph &&
      first.start === focus.start &&
      first.end === focus.end,
  );
}

/** How a statement a search hit opened at stands out. */
const FOCUS_SX = {
  bgcolor: (t: { palette: { warning: { main: string }; mode: string } }) =>
    alpha(t.palette.warning.main, t.palette.mode === 'dark' ? 0.32 : 0.24),
  borderRadius: 0.5,
  scrollMarginTop: 140,
} as const;

interface CitesProps {
  citations: readonly Citation[];
  numbers: ReadonlyMap<string, number>;
  sections: readonly TranscriptSectionLike[];
  onCite: (citation: Citation) => void;
}

/** A statement's sources: one numbered link per cited passage. */
function Cites({ citations, numbers, sections, onCite }: CitesProps) {
  return (
    <>
      {citations.map((citation) => {
        const n = citationNumber(numbers, citation);
        return (
          <Link
            key={`${citation.section}-${citation.paragraph}-${citation.start}`}
            component="button"
            type="button"
            onClick={() => onCite(citation)}
            data-testid="citation"
            data-citation={n}
            aria-label={`Source ${n}: ${citationPlace(sections, citation)}`}
            title={`“${citation.quote}” (${citationPlace(sections, citation)})`}
            sx={{
              ml: 0.5,
              px: 0.5,
              borderRadius: 0.75,
              fontSize: '0.75rem',
              fontWeight: 700,
              lineHeight: 1.5,
              verticalAlign: 'text-top',
              bgcolor: 'action.selected',
              textDecoration: 'none',
              '&:hover, &:focus-visible': { bgcolor: 'primary.main', color: 'primary.contrastText' },
            }}
          >
            {n}
          </Link>
        );
      })}
    </>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', mt: 2.5, mb: 1 }}>
      {children}
    </Typography>
  );
}

function StatementList({
  statements,
  kind,
  focus,
  ...cites
}: Omit<CitesProps, 'citations'> & {
  statements: readonly CitedStatement[];
  kind: 'highlight' | 'risk';
  focus?: PassageLocation | null;
}) {
  const Icon = kind === 'highlight' ? CheckCircleOutlineIcon : ReportProblemOutlinedIcon;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }} data-testid={`ai-${kind}s`}>
      {statements.map((statement) => (
        <Box
          component="li"
          key={statement.text}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', ...(citesFirst(statement, focus) ? FOCUS_SX : {}) }}
          data-summary-focus={citesFirst(statement, focus) || undefined}
        >
          <Icon
            fontSize="small"
            aria-hidden
            sx={{ mt: 0.25, color: kind === 'highlight' ? 'success.main' : 'warning.main' }}
          />
          <Typography variant="body2" sx={{ lineHeight: 1.6 }}>
            {statement.text}
            <Cites citations={statement.citations} {...cites} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Summary({
  analysis,
  sections,
  onCite,
  focus,
}: { analysis: FileAnalysis } & Omit<AiSummaryPanelProps, 'fileId'>) {
  const numbers = citationNumbers(citedStatements(analysis));
  const cites = { numbers, sections, onCite };
  const highlights = analysis.highlights.filter((item): item is CitedStatement => typeof item !== 'string');
  const box = useRef<HTMLDivElement>(null);
  // The statement a search hit opened at is brought into view once.
  useEffect(() => {
    if (!focus) return;
    const mark = box.current?.querySelector<HTMLElement>('[data-summary-focus]');
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    mark?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'center' });
  }, [focus]);
  return (
    <Box data-testid="ai-summary" ref={box}>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        AI summary
      </Typography>
      <Typography sx={{ lineHeight: 1.7, maxWidth: '72ch' }} data-testid="ai-summary-text">
        {analysis.summaryStatements.length > 0
          ? analysis.summaryStatements.map((statement, index) => (
              <Fragment key={statement.text}>
                {index > 0 ? ' ' : ''}
                {citesFirst(statement, focus) ? (
                  <Box component="mark" data-summary-focus sx={{ color: 'inherit', ...FOCUS_SX }}>
                    {statement.text}
                  </Box>
                ) : (
                  statement.text
                )}
                <Cites citations={statement.citations} {...cites} />
              </Fragment>
            ))
          : analysis.summary}
      </Typography>
      {analysis.keyNumbers.length > 0 ? (
        <>
          <Heading>Key numbers</Heading>
          <Box
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}
            data-testid="ai-key-numbers"
          >
            {analysis.keyNumbers.map((item) => (
              <Paper
                key={`${item.label}-${item.figure}-${item.citations[0]?.start ?? 0}`}
                variant="outlined"
                sx={{ p: 1.5, minWidth: 0, ...(citesFirst(item, focus) ? FOCUS_SX : {}) }}
                data-testid="ai-key-number"
                data-summary-focus={citesFirst(item, focus) || undefined}
                data-metric={item.metric}
              >
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 600 }}>
                  {item.label}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
                  {item.figure}
                  <Cites citations={item.citations} {...cites} />
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    mt: 0.5,
                  }}
                >
                  {item.text}
                </Typography>
              </Paper>
            ))}
          </Box>
        </>
      ) : null}
      {highlights.length > 0 ? (
        <>
          <Heading>Highlights</Heading>
          <StatementList statements={highlights} kind="highlight" focus={focus} {...cites} />
        </>
      ) : null}
      {analysis.risks.length > 0 ? (
        <>
          <Heading>Risks</Heading>
          <StatementList statements={analysis.risks} kind="risk" focus={focus} {...cites} />
        </>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2.5 }}>
        {writtenBy(analysis)}
      </Typography>
    </Box>
  );
}

/**
 * The AI summary of the call (eventTranscriptsAi): the paragraph, key numbers, highlights and risks, each statement
 * with numbered links to the passages it came from; the upgrade prompt without the feature; an honest frame when
 * the call has not been summarised.
 */
export function AiSummaryPanel({ fileId, sections, onCite, focus }: AiSummaryPanelProps) {
  const analyzer = useGetAnalyzerFileQuery({ id: fileId ?? '' }, { skip: !fileId });
  if (!fileId) return <EmptyState>There is no transcript to summarise.</EmptyState>;
  if (analyzer.isLoading) return <LoadingRows rows={3} />;
  const data = analyzer.data;
  if (data?.gated && !data.analysis)
    return <UpgradePrompt gate={data.gated} note="This call has an AI summary with links into the transcript." />;
  if (data?.status === 'ready' && data.analysis)
    return <Summary analysis={data.analysis} sections={sections} onCite={onCite} focus={focus} />;
  return (
    <Box data-testid="ai-empty">
      <Typography sx={{ fontWeight: 600 }}>No AI summary yet</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Summaries with citations into the transcript are written after the call; this call has not been summarised. The
        full transcript is in the Transcript tab.
      </Typography>
    </Box>
  );
}
