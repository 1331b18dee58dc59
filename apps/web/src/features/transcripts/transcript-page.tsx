import { CALL_SEARCH_PAGE_PATH, PASSAGE_PARAM, readPassageParam, SUMMARY_PARAM } from '@eh/domain';
import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { NOT_FOUND_HEADING } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { periodLabel } from '../../shared/market/format.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { paramsAreValid } from '../../shared/routes.ts';
import { NotFoundPage } from '../info/index.ts';
import { TranscriptView } from './transcript-view.tsx';
import { useCallFiles } from './use-call-files.ts';

const MISSING = 'Transcript not found';

function MissingTranscript() {
  return (
    <PageFrame title={MISSING} maxWidth="md">
      <Box data-testid="transcript-not-found">
        <Typography sx={{ mb: 3 }}>
          We have no call on record at this address. The call may not have happened yet, or the link is old.
        </Typography>
        <Button component={RouterLink} to="/earnings-calendar/this-week" variant="contained">
          This week’s earnings
        </Button>
      </Box>
    </PageFrame>
  );
}

/**
 * Transcript pages (SPEC §2): /quote/{symbol}/{periodYear}/{period}, /{symbol}/{period}/{periodYear}/{fileId} and
 * /transcripts/{fileId}.
 */
export default function TranscriptPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const passage = readPassageParam(search.get(PASSAGE_PARAM));
  // A search hit in the call's AI summary opens the summary at the statement citing this passage.
  const summary = search.has(SUMMARY_PARAM) ? { focus: readPassageParam(search.get(SUMMARY_PARAM)) } : null;
  const valid = paramsAreValid(params);
  const call = useCallFiles({
    fileId: valid ? params.fileId : undefined,
    symbol: valid ? params.symbol : undefined,
    periodYear: valid && params.periodYear ? Number(params.periodYear) : undefined,
    period: valid ? params.period : undefined,
  });
  const display = call.symbol.toUpperCase();
  const quarter = call.period ? periodLabel(call.period, call.periodYear) : '';
  const title = display ? `${display} ${quarter} earnings call transcript` : 'Earnings call transcript';
  const description = call.name
    ? `${call.name} (${display}) ${quarter} earnings call: the full transcript with speakers, the recording and the AI summary.`
    : 'An earnings call transcript with speakers, the recording and the AI summary.';
  // The not-found pages render inside this one, whose effect runs after theirs: the title is decided here.
  useDocumentMeta(
    !valid ? NOT_FOUND_HEADING : call.notFound ? MISSING : title,
    !valid ? undefined : call.notFound ? 'This call transcript is not on record.' : description,
  );
  if (!valid) return <NotFoundPage />;
  if (call.notFound) return <MissingTranscript />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {call.name ?? 'Earnings call'}
      </Typography>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }} data-testid="transcript-heading">
        {display ? `${display} ${quarter} earnings call` : 'Earnings call transcript'}
      </Typography>
      <Button component={RouterLink} to={CALL_SEARCH_PAGE_PATH} size="small" sx={{ mb: 1, px: 0 }}>
        Search inside every call
      </Button>
      {call.loading ? (
        <LoadingRows rows={8} height={36} />
      ) : call.error ? (
        <LoadError error={call.error} onRetry={call.refetch} />
      ) : (
        <TranscriptView
          symbol={call.symbol}
          transcript={call.transcript}
          files={call.files}
          periodYear={call.periodYear}
          period={call.period}
          passage={passage}
          summary={summary}
        />
      )}
    </Container>
  );
}
