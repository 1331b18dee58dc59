import {
  CALL_SEARCH_SECTORS,
  CALL_SEARCH_SORTS,
  CALL_SEARCH_SOURCES,
  CALL_SECTIONS,
  CALL_SPEAKER_ROLES,
  formatDate,
  type IsoDate,
  searchHitPath,
  searchSourcesOf,
} from '@eh/domain';
import CheckIcon from '@mui/icons-material/Check';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { MiniBars } from '../../shared/mini-bars.tsx';
import { pageById } from '../../shared/page-content.ts';
import { LoadingRows } from '../../shared/query-state.tsx';
import {
  type CallHit,
  type CallSearchArgs,
  useAddSavedCallSearchMutation,
  useGetCallMentionTrendsQuery,
  useSearchCallsQuery,
} from './call-search-api.ts';
import { HIT_LABELS, SOURCE_LABELS, toggledSources } from './sources.ts';

/** The URL parameters the page reads: the query and its filters (a shared link opens the same search). */
export const CALL_SEARCH_PARAMS = [
  'q',
  'sort',
  'sector',
  'cap',
  'section',
  'role',
  'from',
  'to',
  'symbols',
  'sources',
] as const;

const SECTION_LABELS: Record<(typeof CALL_SECTIONS)[number], string> = { prepared: 'Prepared remarks', qa: 'Q&A' };
const ROLE_LABELS: Record<(typeof CALL_SPEAKER_ROLES)[number], string> = {
  executive: 'Executives',
  analyst: 'Analysts',
  operator: 'Operator',
};
const SORT_LABELS: Record<(typeof CALL_SEARCH_SORTS)[number], string> = { relevance: 'Relevance', date: 'Newest' };

/** The search's arguments from the URL: only the known parameters, only those set. */
export function argsOf(params: URLSearchParams): CallSearchArgs {
  const args: CallSearchArgs = {};
  for (const name of CALL_SEARCH_PARAMS) {
    const value = params.get(name);
    if (value) args[name] = value;
  }
  return args;
}

const errorText = (error: unknown) => {
  const data = (error as { data?: { message?: string } } | undefined)?.data;
  return data?.message ?? 'The search could not be run.';
};

/** A hit's heading: the call and its quarter, or the article's headline, or the company's filing. */
function headingOf(call: CallHit): string {
  const quarter = call.period && call.periodYear ? `${call.period} ${call.periodYear}` : 'Live call';
  if (call.source === 'news') return call.title ?? 'News article';
  if (call.source === 'filing') return `${call.symbol ?? ''} ${call.title ?? 'SEC filing'}`.trim();
  return `${call.symbol ?? ''} ${quarter}`;
}

/** One hit; `labelled` says its source (when the search looks in more than transcripts). */
function Hit({ call, index, labelled }: { call: CallHit; index: number; labelled: boolean }) {
  const navigate = useNavigate();
  const first = call.snippets[0];
  const open = searchHitPath(call, first ?? { section: 0, paragraph: 0, start: 0, end: 1 });
  const heading = headingOf(call);
  const about = [call.source === 'news' ? call.symbol : null, call.name].filter(Boolean).join(' · ');
  const long = call.source === 'news' || call.source === 'filing';
  return (
    <Paper
      variant="outlined"
      component="article"
      tabIndex={0}
      data-call-hit={index}
      data-testid="call-hit"
      data-source={call.source}
      data-symbol={call.symbol ?? undefined}
      aria-label={`${HIT_LABELS[call.source]}, ${heading}: ${call.mentions} mention${call.mentions === 1 ? '' : 's'}`}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) navigate(open);
      }}
      sx={{ p: { xs: 1.5, sm: 2 }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 1 }}>
        {labelled ? (
          <Chip
            size="small"
            variant={call.source === 'transcript' ? 'outlined' : 'filled'}
            color={call.source === 'transcript' ? 'default' : 'primary'}
            label={HIT_LABELS[call.source]}
            data-testid="hit-source"
          />
        ) : null}
        <Link
          component={RouterLink}
          to={open}
          sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere', ...(long ? { flex: '1 1 12rem' } : {}) }}
          tabIndex={-1}
          data-testid="hit-title"
        >
          {heading}
        </Link>
        {/* A headline is long: what it is about, when and how often go on a line of their own, under it. */}
        {long ? <Box aria-hidden sx={{ flexBasis: '100%', height: 0, order: 1 }} /> : null}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, minWidth: 0, ...(long ? { order: 2 } : {}) }}
          noWrap={!long}
        >
          {about ? `${about} · ` : ''}
          {formatDate(call.date.slice(0, 10) as IsoDate)}
          {call.source === 'filing' && call.url ? (
            <>
              {' · '}
              <Link href={call.url} target="_blank" rel="noopener noreferrer" sx={{ whiteSpace: 'nowrap' }}>
                EDGAR
                <OpenInNewIcon sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'text-bottom' }} aria-hidden />
              </Link>
            </>
          ) : null}
        </Typography>
        {call.live ? <Chip size="small" color="error" label="Live" /> : null}
        {call.named ? <Chip size="small" variant="outlined" label="Named in your search" /> : null}
        <Chip
          size="small"
          label={`${call.mentions} mention${call.mentions === 1 ? '' : 's'}`}
          data-testid="hit-mentions"
          sx={long ? { order: 2 } : undefined}
        />
      </Box>
      <Stack spacing={1} component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {call.snippets.map((snippet) => (
          <Box component="li" key={snippet.seq}>
            <Link
              component={RouterLink}
              to={searchHitPath(call, snippet)}
              color="inherit"
              underline="hover"
              tabIndex={-1}
              data-testid="hit-snippet"
              sx={{ display: 'block' }}
            >
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {snippet.speaker}
                {snippet.part ? ` · ${SECTION_LABELS[snippet.part]}` : ''}
              </Typography>
              <Typography variant="body2" component="span">
                {snippet.parts.map((part, at) =>
                  part.hit ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a snippet
                    <Box component="mark" key={at} sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25 }}>
                      {part.text}
                    </Box>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a snippet
                    <span key={at}>{part.text}</span>
                  ),
                )}
              </Typography>
            </Link>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** "calls" while only transcripts are searched, "results" once other documents may be among them. */
function resultNoun(sources: string | undefined, total: number): string {
  const only = searchSourcesOf(sources?.split(','));
  const noun = only.length === 1 && only[0] === 'transcript' ? 'call' : 'result';
  return total === 1 ? noun : `${noun}s`;
}

/** One page of results; the last page offers the next. */
function ResultsPage({
  args,
  cursor,
  offset,
  last,
  onMore,
}: {
  args: CallSearchArgs;
  cursor: string | null;
  offset: number;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const result = useSearchCallsQuery(cursor ? { ...args, cursor } : args);
  if (result.isLoading) return <LoadingRows rows={4} height={88} />;
  if (result.error) return <Alert severity="warning">{errorText(result.error)}</Alert>;
  const data = result.data;
  if (!data) return null;
  return (
    <>
      {offset === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="call-search-total">
          {data.query === null
            ? 'Type words to look for: "exact phrases", -excluded words and OR work too.'
            : `${data.total.toLocaleString('en-US')} ${resultNoun(args.sources, data.total)} mention${data.total === 1 ? 's' : ''} it.`}
        </Typography>
      ) : null}
      {data.calls.map((call, index) => (
        <Hit key={call.callId} call={call} index={offset + index} labelled={resultNoun(args.sources, 1) !== 'call'} />
      ))}
      {last && data.nextCursor ? (
        <Button variant="outlined" onClick={() => onMore(data.nextCursor as string)} sx={{ alignSelf: 'center' }}>
          More {resultNoun(args.sources, 2)}
        </Button>
      ) : null}
    </>
  );
}

function Trends({ args }: { args: CallSearchArgs }) {
  const { q, ...filters } = args;
  const trends = useGetCallMentionTrendsQuery({ q: q ?? '', ...filters }, { skip: !q });
  // A company picked among the season's top mentioners: the chart shows its own quarters.
  const [picked, setPicked] = useState<string | null>(null);
  const data = trends.data;
  if (!q || !data || data.quarters.length === 0) return null;
  const company = data.companies.find((c) => c.symbol === picked) ?? null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="call-search-trends">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {company
          ? `Mentions per quarter by ${company.name} (${company.symbol})`
          : 'Mentions per quarter, all companies'}
      </Typography>
      <MiniBars
        label={company ? `Mentions of ${q} per quarter by ${company.symbol}` : `Mentions of ${q} per quarter`}
        bars={data.quarters.map((quarter, i) => ({
          // Two lines: eight quarters and more fit a phone's width.
          label: `${quarter.period}\n’${String(quarter.periodYear).slice(2)}`,
          value: company ? (company.quarters[i] ?? 0) : quarter.mentions,
        }))}
        format={(value) => (value === null ? '—' : value.toLocaleString('en-US'))}
      />
      {data.companies.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
            Who mentions it most this season
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            Pick a company to chart its own mentions.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="call-search-top">
            {data.companies.map((c) => {
              const on = c.symbol === company?.symbol;
              return (
                <Chip
                  key={c.symbol}
                  size="small"
                  variant={on ? 'filled' : 'outlined'}
                  color={on ? 'primary' : 'default'}
                  label={`${c.symbol} · ${c.mentions}`}
                  title={c.name}
                  aria-pressed={on}
                  onClick={() => setPicked(on ? null : c.symbol)}
                />
              );
            })}
          </Box>
        </>
      ) : null}
    </Paper>
  );
}

function SaveSearch({ args }: { args: CallSearchArgs }) {
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const [save, state] = useAddSavedCallSearchMutation();
  if (!args.q) return null;
  if (!signedIn)
    return (
      <Typography variant="body2" color="text.secondary">
        <Link component={RouterLink} to="/signin">
          Sign in
        </Link>{' '}
        to be alerted when a new call says it.
      </Typography>
    );
  const { q, sort: _sort, ...filters } = args;
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        disabled={state.isLoading || state.isSuccess}
        onClick={() => void save({ query: q, filters: filters as never })}
        data-testid="save-call-search"
      >
        {state.isSuccess
          ? 'Saved: you will be alerted'
          : resultNoun(args.sources, 1) === 'call'
            ? 'Alert me when a call says it'
            : 'Alert me when a new one says it'}
      </Button>
      {state.error ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {errorText(state.error)}{' '}
          {(state.error as { status?: number }).status === 403 ? (
            <Link component={RouterLink} to="/pricing">
              See plans
            </Link>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * /search/calls: search inside every call's transcript. The query and filters live in the URL (a link shares the
 * search); hits are grouped per call with highlighted snippets, each opening the transcript at its passage; j/k or
 * the arrows move between calls and Enter opens one.
 */
export default function CallSearchPage() {
  const page = pageById('callSearch');
  useDocumentMeta(page.title, page.description);
  const [params, setParams] = useSearchParams();
  const args = argsOf(params);
  const sources = searchSourcesOf(args.sources?.split(','));
  const [text, setText] = useState(args.q ?? '');
  const [cursors, setCursors] = useState<string[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(args);
  const { sort: _sort, ...searched } = args;
  const savedKey = JSON.stringify(searched);
  // A new search starts from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the search
  useEffect(() => setCursors([]), [key]);
  useEffect(() => setText(args.q ?? ''), [args.q]);

  const setParam = (name: (typeof CALL_SEARCH_PARAMS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParam('q', text.trim());
  };
  // j/k and the arrows work from anywhere on the page but a field, a menu or a dialog.
  useEffect(() => {
    const listen = (event: globalThis.KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  });
  const onKeyDown = (event: Pick<globalThis.KeyboardEvent, 'key' | 'target' | 'preventDefault'>) => {
    const target = event.target as HTMLElement;
    if (target.closest?.('input, textarea, [role="combobox"], [role="listbox"], [role="dialog"]')) return;
    const step =
      event.key === 'j' || event.key === 'ArrowDown' ? 1 : event.key === 'k' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const hits = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-call-hit]') ?? [])];
    if (hits.length === 0) return;
    event.preventDefault();
    const current = hits.findIndex((hit) => hit === document.activeElement || hit.contains(document.activeElement));
    const next =
      current < 0 ? (step > 0 ? 0 : hits.length - 1) : Math.min(hits.length - 1, Math.max(0, current + step));
    hits[next]?.focus();
    hits[next]?.scrollIntoView?.({ block: 'nearest' });
  };

  const select = (
    name: (typeof CALL_SEARCH_PARAMS)[number],
    label: string,
    options: readonly (readonly [string, string])[],
    /** What an absent parameter means (sort: relevance); without one, the filter offers "Any". */
    fallback?: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={args[name] ?? fallback ?? ''}
      onChange={(event) => setParam(name, event.target.value)}
      sx={{ minWidth: { xs: 'calc(50% - 4px)', sm: 150 } }}
      slotProps={{ select: { inputProps: { 'data-testid': `filter-${name}` } } }}
    >
      {fallback === undefined ? <MenuItem value="">Any</MenuItem> : null}
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <PageFrame title={page.title} description={page.description}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder='guidance cut, "AI capex", tariffs OR duties -china'
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': 'Search inside calls', enterKeyHint: 'search', maxLength: 1000 },
            }}
          />
          <Button type="submit" variant="contained">
            Search
          </Button>
        </Box>
        <Box
          role="group"
          aria-label="Look in"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          data-testid="call-search-sources"
        >
          <Typography variant="body2" color="text.secondary" component="span">
            Look in
          </Typography>
          {CALL_SEARCH_SOURCES.map((source) => {
            const on = sources.includes(source);
            return (
              <Chip
                key={source}
                label={SOURCE_LABELS[source]}
                clickable
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                icon={on ? <CheckIcon /> : undefined}
                aria-pressed={on}
                // The last source looked in stays: a search looks somewhere.
                disabled={on && sources.length === 1}
                onClick={() => setParam('sources', toggledSources(args.sources, source))}
                data-testid={`source-${source}`}
              />
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="call-search-filters">
          {select(
            'sort',
            'Sort',
            CALL_SEARCH_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const),
            CALL_SEARCH_SORTS[0],
          )}
          {select(
            'sector',
            'Sector',
            CALL_SEARCH_SECTORS.map((sector) => [sector, sector] as const),
          )}
          {select(
            'section',
            'Section',
            CALL_SECTIONS.map((section) => [section, SECTION_LABELS[section]] as const),
          )}
          {select(
            'role',
            'Speaker',
            CALL_SPEAKER_ROLES.map((role) => [role, ROLE_LABELS[role]] as const),
          )}
          <TextField
            size="small"
            type="date"
            label="From"
            value={args.from ?? ''}
            onChange={(event) => setParam('from', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: { xs: 'calc(50% - 4px)', sm: 150 } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={args.to ?? ''}
            onChange={(event) => setParam('to', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: { xs: 'calc(50% - 4px)', sm: 150 } }}
          />
        </Box>
        {/* Keyed by what is saved (the order is not): another search is offered to be saved afresh. */}
        <SaveSearch key={savedKey} args={args} />
        <Trends args={args} />
        <Box
          ref={listRef}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
          data-testid="call-search-results"
          aria-live="polite"
        >
          {args.q ? (
            [null, ...cursors].map((cursor, index) => (
              <ResultsPage
                key={cursor ?? 'first'}
                args={args}
                cursor={cursor}
                offset={index * 1000}
                last={index === cursors.length}
                onMore={(next) => setCursors((all) => (all.includes(next) ? all : [...all, next]))}
              />
            ))
          ) : (
            <Typography color="text.secondary">
              Search what was said on every earnings call: words, "exact phrases", -excluded words, OR.
            </Typography>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          Keys: j / k or the arrows move between calls, Enter opens one at its passage.
        </Typography>
      </Box>
    </PageFrame>
  );
}
