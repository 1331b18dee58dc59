import type { Citation } from '@eh/contracts';
import type { PassageLocation } from '@eh/domain';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { formatDateTime, periodLabel } from '../../shared/market/format.ts';
import type { FileContentResponse, FileMetaItem } from '../../shared/market/market-api.ts';
import { EmptyState } from '../../shared/query-state.tsx';
import { symbolPath } from '../../shared/routes.ts';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { AiSummaryPanel } from './ai-summary-panel.tsx';
import { clock, initials, readingMinutes, sectionAnchor, speakersOf } from './transcript-model.ts';
import { type Located, locateCitation, passageAnchor } from './transcript-summary-model.ts';

/** SPEC §2 side tabs. */
export const SIDE_TABS = [
  { key: 'ai', label: 'AI', icon: <AutoAwesomeOutlinedIcon fontSize="small" /> },
  { key: 'transcript', label: 'Transcript', icon: <DescriptionOutlinedIcon fontSize="small" /> },
  { key: 'comments', label: 'Comments', icon: <ChatBubbleOutlineIcon fontSize="small" /> },
] as const;
export type SideTab = (typeof SIDE_TABS)[number]['key'];

const FILE_TYPE_LABELS: Record<string, string> = {
  transcript: 'Transcript',
  slides: 'Slides',
  report: 'Press release',
  audio: 'Recording',
};

function CommentsPanel() {
  return (
    <Box data-testid="comments-empty">
      <Typography sx={{ fontWeight: 600 }}>No comments yet</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Comments on calls open with live calls. Until then this call has no discussion.
      </Typography>
    </Box>
  );
}

export interface TranscriptViewProps {
  symbol: string;
  /** The transcript file with its content (or null when the quarter has none). */
  transcript: FileContentResponse | null;
  /** Every file of the quarter (slides, press release, recording). */
  files: readonly FileMetaItem[];
  periodYear: number;
  period: string;
  compact?: boolean;
  /** A passage to open at (a search hit's link): marked and scrolled to, as a summary citation is. */
  passage?: PassageLocation | null;
  /**
   * Opens on the AI summary (a search hit in a summary): `focus` is the passage the hit's statement cites, marked in
   * the summary (null when it cites none).
   */
  summary?: { focus: PassageLocation | null } | null;
}

/**
 * A call's transcript: speakers and their roles, navigation by section, the recording when there is one (each
 * paragraph's time seeks it), and the side tabs ai / transcript / comments.
 */
export function TranscriptView({
  symbol,
  transcript,
  files,
  periodYear,
  period,
  compact,
  passage,
  summary,
}: TranscriptViewProps) {
  const timeZone = useTimeZone();
  const [tab, setTab] = useState<SideTab>(summary ? 'ai' : 'transcript');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true }) || Boolean(compact);
  const audioRef = useRef<HTMLAudioElement>(null);
  const sections = transcript?.content?.sections ?? [];
  const speakers = speakersOf(sections);
  const audio = files.find((file) => file.type === 'audio') ?? null;
  const others = files.filter((file) => file.type === 'slides' || file.type === 'report');
  const seek = (ms: number | null) => {
    if (ms === null || !audioRef.current) return;
    audioRef.current.currentTime = ms / 1000;
    void audioRef.current.play().catch(() => undefined);
  };
  // The passage an AI summary statement cites: shown marked in the transcript, scrolled into view.
  const [cited, setCited] = useState<Located | null>(null);
  // Only a summary's citation leads back to the summary; a search hit came from the search page.
  const [citedBySummary, setCitedBySummary] = useState(false);
  const cite = (citation: Citation, bySummary = true) => {
    const paragraph = sections[citation.section]?.paragraphs[citation.paragraph];
    if (!paragraph) return;
    // A quote no longer found (the transcript was corrected since) still leads to its paragraph.
    setCited(
      locateCitation(sections, citation) ?? {
        section: citation.section,
        paragraph: citation.paragraph,
        start: 0,
        end: paragraph.text.length,
      },
    );
    setCitedBySummary(bySummary);
    setTab('transcript');
  };
  // A search hit opens the transcript at its passage through the same mark as a citation.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!passage || sections.length === 0) return;
    const key = `${passage.section}.${passage.paragraph}.${passage.start}.${passage.end}`;
    if (opened.current === key) return;
    const text = sections[passage.section]?.paragraphs[passage.paragraph]?.text;
    if (text === undefined) return;
    opened.current = key;
    cite({ ...passage, quote: text.slice(passage.start, passage.end) }, false);
  });
  useEffect(() => {
    if (!cited || tab !== 'transcript') return;
    const frame = requestAnimationFrame(() => {
      const mark = document.querySelector<HTMLElement>('[data-testid="cited-passage"]');
      if (!mark) return;
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      mark.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'center' });
      mark.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [cited, tab]);
  const jump = (anchor: string) => {
    setTab('transcript');
    requestAnimationFrame(() =>
      document.getElementById(anchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };
  const railItems = (
    <>
      {audio ? (
        <Box sx={{ mb: 2 }} data-testid="call-audio">
          <Typography variant="overline" color="text.secondary" component="p">
            Recording
          </Typography>
          {audio.url ? (
            // biome-ignore lint/a11y/useMediaCaption: the transcript beside it is the caption
            <audio ref={audioRef} controls preload="none" src={audio.url} style={{ width: '100%' }} />
          ) : audio.gated ? (
            <UpgradePrompt gate={audio.gated} compact />
          ) : (
            <Typography variant="body2" color="text.secondary">
              The call was recorded; no audio file is stored for it here.
            </Typography>
          )}
        </Box>
      ) : null}
      {sections.length > 0 ? (
        <Box component="nav" aria-label="Transcript sections" sx={{ mb: 2 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            Sections
          </Typography>
          {narrow ? (
            // On a phone the sections are one row of chips, so the transcript starts on the first screen.
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="transcript-sections">
              {sections.map((section, index) => (
                <Chip
                  key={sectionAnchor(index, section.title)}
                  label={section.title}
                  onClick={() => jump(sectionAnchor(index, section.title))}
                  variant="outlined"
                />
              ))}
            </Box>
          ) : (
            <List dense disablePadding data-testid="transcript-sections">
              {sections.map((section, index) => (
                <li key={sectionAnchor(index, section.title)}>
                  <ListItemButton onClick={() => jump(sectionAnchor(index, section.title))} sx={{ borderRadius: 1 }}>
                    <ListItemText
                      primary={section.title}
                      secondary={`${section.paragraphs.length} paragraph${section.paragraphs.length === 1 ? '' : 's'}`}
                    />
                  </ListItemButton>
                </li>
              ))}
            </List>
          )}
        </Box>
      ) : null}
      {speakers.length > 0 ? (
        <Box component={narrow ? 'details' : 'div'} sx={{ mb: 2, '& > summary': { cursor: 'pointer', py: 0.5 } }}>
          {narrow ? (
            <Typography component="summary" variant="body2" sx={{ fontWeight: 600 }}>
              Speakers ({speakers.length})
            </Typography>
          ) : (
            <Typography variant="overline" color="text.secondary" component="p">
              Speakers
            </Typography>
          )}
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            data-testid="transcript-speakers"
          >
            {speakers.map((speaker) => (
              <Box component="li" key={speaker.name} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Avatar sx={{ width: 28, height: 28, fontSize: '0.75rem' }} aria-hidden>
                  {initials(speaker.name)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {speaker.name}
                  </Typography>
                  {speaker.role ? (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {speaker.role}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      {others.length > 0 ? (
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            Files
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {others.map((file) =>
              file.url ? (
                <Button
                  key={file.id}
                  size="small"
                  variant="outlined"
                  href={file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  endIcon={<OpenInNewIcon />}
                >
                  {FILE_TYPE_LABELS[file.type] ?? file.type}
                </Button>
              ) : (
                <Chip
                  key={file.id}
                  label={`${FILE_TYPE_LABELS[file.type] ?? file.type}${file.gated ? ' (Plus)' : ''}`}
                  variant="outlined"
                />
              ),
            )}
          </Box>
        </Box>
      ) : null}
    </>
  );

  const transcriptBody =
    transcript === null ? (
      <EmptyState>No transcript was published for this call.</EmptyState>
    ) : transcript.gated && sections.length === 0 ? (
      <UpgradePrompt
        gate={transcript.gated}
        note="The call’s files are listed above; the transcript itself is part of Plus."
      />
    ) : sections.length === 0 ? (
      <EmptyState>The transcript has no text yet.</EmptyState>
    ) : (
      <Box data-testid="transcript-text">
        {sections.map((section, index) => (
          <Box
            component="section"
            key={sectionAnchor(index, section.title)}
            aria-labelledby={sectionAnchor(index, section.title)}
            sx={{ mb: 3 }}
          >
            <Typography
              id={sectionAnchor(index, section.title)}
              variant="h3"
              component={compact ? 'h3' : 'h2'}
              sx={{ mb: 1.5, scrollMarginTop: 140, pt: 1 }}
            >
              {section.title}
            </Typography>
            {section.paragraphs.map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are fixed and ordered
              <Box key={i} id={passageAnchor(index, i)} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
                <Avatar sx={{ width: 32, height: 32, fontSize: '0.8rem', mt: 0.25 }} aria-hidden>
                  {initials(paragraph.speaker)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {paragraph.speaker}
                    {paragraph.role ? (
                      <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                        {' '}
                        · {paragraph.role}
                      </Box>
                    ) : null}
                    {paragraph.startMs !== null ? (
                      audio?.url ? (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => seek(paragraph.startMs)}
                          sx={{ ml: 1, fontWeight: 400, verticalAlign: 'baseline' }}
                        >
                          {clock(paragraph.startMs)}
                        </Link>
                      ) : (
                        <Box component="span" sx={{ ml: 1, fontWeight: 400, color: 'text.secondary' }}>
                          {clock(paragraph.startMs)}
                        </Box>
                      )
                    ) : null}
                  </Typography>
                  <Typography sx={{ mt: 0.25, maxWidth: '72ch', lineHeight: 1.65 }}>
                    {cited?.section === index && cited.paragraph === i ? (
                      <>
                        {paragraph.text.slice(0, cited.start)}
                        <Box
                          component="mark"
                          tabIndex={-1}
                          data-testid="cited-passage"
                          sx={{
                            color: 'inherit',
                            bgcolor: (t) => alpha(t.palette.warning.main, t.palette.mode === 'dark' ? 0.32 : 0.28),
                            boxShadow: (t) => `0 0 0 2px ${alpha(t.palette.warning.main, 0.45)}`,
                            borderRadius: 0.5,
                            outline: 'none',
                            scrollMarginTop: 140,
                          }}
                        >
                          {paragraph.text.slice(cited.start, cited.end)}
                        </Box>
                        {paragraph.text.slice(cited.end)}
                      </>
                    ) : (
                      paragraph.text
                    )}
                  </Typography>
                  {citedBySummary && cited?.section === index && cited.paragraph === i ? (
                    <Button
                      size="small"
                      onClick={() => setTab('ai')}
                      sx={{ mt: 0.5, ml: -0.75 }}
                      data-testid="back-to-summary"
                    >
                      Back to the AI summary
                    </Button>
                  ) : null}
                </Box>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    );

  return (
    <Box data-testid="transcript-view">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography color="text.secondary">
          {transcript ? formatDateTime(transcript.date, timeZone) : periodLabel(period, periodYear)}
          {sections.length > 0 ? ` · ${readingMinutes(sections)} min read` : ''}
        </Typography>
        <DemoBadge source={transcript?.source ?? files[0]?.source} />
        {!compact ? (
          <Button component={RouterLink} to={symbolPath(symbol)} size="small" sx={{ ml: 'auto' }}>
            {symbol.toUpperCase()} overview
          </Button>
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: compact ? '1fr' : '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          component="aside"
          aria-label="About this call"
          sx={{ position: { md: compact ? 'static' : 'sticky' }, top: { md: 88 }, minWidth: 0 }}
        >
          {railItems}
        </Box>
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Tabs
            value={tab}
            onChange={(_, value: SideTab) => setTab(value)}
            variant="fullWidth"
            aria-label="Call panels"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {SIDE_TABS.map((t) => (
              <Tab
                key={t.key}
                value={t.key}
                label={t.label}
                icon={t.icon}
                iconPosition="start"
                // Three to a phone's width: the default 16 px padding and 90 px minimum left no space between labels.
                sx={{
                  minHeight: 48,
                  minWidth: 0,
                  px: { xs: 1, sm: 2 },
                  gap: { xs: 0.5, sm: 1 },
                  '& .MuiTab-icon': { mr: 0 },
                }}
                data-testid={`side-tab-${t.key}`}
              />
            ))}
          </Tabs>
          <Box sx={{ p: { xs: 2, sm: 3 } }} role="tabpanel" aria-label={SIDE_TABS.find((t) => t.key === tab)?.label}>
            {tab === 'ai' ? (
              <AiSummaryPanel
                fileId={transcript?.id ?? null}
                sections={sections}
                onCite={(citation) => cite(citation)}
                focus={summary?.focus ?? null}
              />
            ) : tab === 'comments' ? (
              <CommentsPanel />
            ) : (
              transcriptBody
            )}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
