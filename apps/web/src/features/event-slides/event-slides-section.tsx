import type { CalendarEvent } from '@eh/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetFileContentsQuery, useGetSymbolEarningsQuery } from '../../shared/market/market-api.ts';
import { LoadingRows } from '../../shared/query-state.tsx';
import { firstGate, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { ComparePanel } from './compare-panel.tsx';
import { SidePanelLayout } from './side-panel-layout.tsx';
import { DRAWN_DECK_LABEL, drawnDeck, type QuarterFigures } from './slides-model.ts';
import { Slideshow } from './slideshow.tsx';

const FILE_LABELS: Record<string, string> = {
  slides: 'Slides',
  report: 'Press release',
  transcript: 'Transcript',
  audio: 'Recording',
};

/**
 * An earnings call's slides and reports (SPEC §3 accountFeatures eventSlides, eventReports): the slideshow beside
 * a resizable side panel with the quarter's report, its files and a comparison with another company. A chunk of
 * its own, loaded with a call's page.
 */
export default function EventSlidesSection({ event }: { event: CalendarEvent }) {
  const symbol = event.symbol?.toUpperCase() ?? '';
  const quarter = { symbol, periodYear: event.periodYear ?? 0, period: event.period ?? 'Q1' };
  const skip = !symbol || event.periodYear === null || event.period === null;
  const files = useGetFileContentsQuery(quarter, { skip });
  const earnings = useGetSymbolEarningsQuery(quarter, { skip });
  if (skip) return null;
  if (files.isLoading || earnings.isLoading) return <LoadingRows rows={5} />;
  const list = files.data?.files ?? [];
  const slides = list.find((file) => file.type === 'slides') ?? null;
  const report = list.find((file) => file.type === 'report') ?? null;
  if (!slides && !report) return null;
  const row = earnings.data?.earnings.find((r) => r.periodYear === event.periodYear && r.period === event.period);
  const figures: QuarterFigures | null = row ?? null;
  const deck = figures ? drawnDeck(figures) : [];
  const title = `${event.name ?? symbol} ${quarter.period} ${quarter.periodYear} slides`;
  const gate = slides ? firstGate(slides.gated) : null;

  const main = !slides ? (
    <Typography color="text.secondary">No slides were published for this call.</Typography>
  ) : gate ? (
    <UpgradePrompt gate={gate} />
  ) : slides.url ? (
    <Button href={slides.url} target="_blank" rel="noopener noreferrer" variant="outlined" endIcon={<OpenInNewIcon />}>
      Open the presentation
    </Button>
  ) : deck.length > 0 ? (
    <Box>
      <Slideshow slides={deck} title={title} />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid="slides-label">
        {DRAWN_DECK_LABEL}.
      </Typography>
    </Box>
  ) : (
    <Typography color="text.secondary">
      The company’s slides are listed, but no file is stored for them here.
    </Typography>
  );

  const side = (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          Files
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="side-panel-files">
          {list.map((file) =>
            file.type === 'transcript' ? (
              <Button
                key={file.id}
                size="small"
                variant="outlined"
                component={RouterLink}
                to={`/transcripts/${file.id}`}
              >
                Transcript
              </Button>
            ) : file.url ? (
              <Button
                key={file.id}
                size="small"
                variant="outlined"
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon />}
              >
                {FILE_LABELS[file.type] ?? file.type}
              </Button>
            ) : (
              <Typography key={file.id} variant="body2" color="text.secondary" sx={{ width: '100%' }}>
                {FILE_LABELS[file.type] ?? file.type}
                {file.gated ? ': part of Plus' : ': listed, no file stored here'}
              </Typography>
            ),
          )}
        </Box>
        {report && firstGate(report.gated) ? (
          <Box sx={{ mt: 1 }}>
            <UpgradePrompt gate={firstGate(report.gated) ?? { feature: 'report', hidden: 1 }} compact />
          </Box>
        ) : null}
      </Box>
      {figures ? <ComparePanel own={figures} /> : null}
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mt: 2 }} data-testid="event-slides">
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        Slides and reports
      </Typography>
      <SidePanelLayout main={main} side={side} sideLabel="Reports panel" />
    </Paper>
  );
}
