import type { EarningsSortKey, IsoDate, SymbolFilter } from '@eh/domain';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CodeIcon from '@mui/icons-material/Code';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Badge,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Popover,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Hint } from '../../components/hint.tsx';
import type { CalendarToggles, CalendarView } from '../../shared/preferences.ts';
import { FILTER_OPTIONS, SORT_OPTIONS, TOGGLE_OPTIONS, VIEW_OPTIONS } from './calendar-options.ts';

const DatePickerPopover = lazy(() => import('./calendar-date-picker.tsx'));

export interface CalendarTarget {
  view: CalendarView;
  date: IsoDate;
  /** Carry the date as ?selectedDate= (a chosen day, not just a window). */
  select?: boolean;
}

export interface CalendarToolbarProps {
  view: CalendarView;
  /** 'Nov 23 – 27, 2026' or 'November 2026'. */
  rangeLabel: string;
  /** The date the view is about (view switches keep it). */
  anchor: IsoDate;
  previous: IsoDate | null;
  next: IsoDate | null;
  /** Today's window is on screen. */
  isCurrent: boolean;
  hrefFor: (target: CalendarTarget) => string;
  onPick: (target: CalendarTarget) => void;
  onViewChosen?: (view: CalendarView) => void;
  filter: SymbolFilter;
  onFilter: (filter: SymbolFilter) => void;
  /** Present while the custom filter is on: opens the dialog that edits the reader's list. */
  onEditCustom?: () => void;
  sort: EarningsSortKey;
  onSort: (sort: EarningsSortKey) => void;
  toggles: CalendarToggles;
  onToggles: (toggles: CalendarToggles) => void;
  /** Absent in the embed (no settings, no embed snippet). */
  onOpenSettings?: () => void;
  onOpenEmbed?: () => void;
  todayTarget: CalendarTarget;
}

/**
 * The calendar's controls: view (week, list, month), previous / today / next and a date picker (bounded
 * 1900–2099, loaded when first opened), the filter groups, the sort key, the calendar toggles, settings and the
 * embed snippet. Navigation is made of real links, so each window has its own URL.
 */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const { view, rangeLabel, anchor, previous, next, isCurrent, hrefFor, filter, sort, toggles } = props;
  const pickerAnchor = useRef<HTMLButtonElement | null>(null);
  const togglesAnchor = useRef<HTMLButtonElement | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [togglesOpen, setTogglesOpen] = useState(false);
  const unit = view === 'month' ? 'month' : 'week';
  const extrasOn = TOGGLE_OPTIONS.filter((option) => !option.disabledHint && option.key !== 'estimatedDates').filter(
    (option) => toggles[option.key],
  ).length;

  return (
    <Box data-testid="calendar-toolbar" sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box
          component="nav"
          aria-label="Calendar view"
          sx={{
            display: 'flex',
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1.5,
            overflow: 'hidden',
          }}
        >
          {VIEW_OPTIONS.map((option, index) => {
            const current = option.value === view;
            return (
              <Button
                key={option.value}
                component={RouterLink}
                to={hrefFor({ view: option.value, date: anchor })}
                onClick={() => props.onViewChosen?.(option.value)}
                aria-current={current ? 'page' : undefined}
                data-testid={`view-${option.value}`}
                sx={{
                  flex: { xs: 1, sm: '0 0 auto' },
                  px: 2,
                  py: 0.75,
                  borderRadius: 0,
                  borderLeft: index === 0 ? 0 : 1,
                  borderColor: 'divider',
                  fontWeight: 700,
                  color: current ? 'primary.contrastText' : 'text.primary',
                  bgcolor: current ? 'primary.main' : 'transparent',
                  '&:hover': { bgcolor: current ? 'primary.dark' : 'action.hover' },
                }}
              >
                {option.label}
              </Button>
            );
          })}
        </Box>
        {/* One line at 360 px: the arrows, This week and the whole date range, without wrapping either. */}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 0.25, sm: 0.5 },
            flex: { xs: '1 1 auto', sm: '0 0 auto' },
          }}
        >
          <NavLink
            to={previous ? hrefFor({ view, date: previous }) : null}
            label={`Previous ${unit}`}
            testId="nav-previous"
            direction="previous"
          />
          <Button
            component={RouterLink}
            to={hrefFor(props.todayTarget)}
            size="small"
            variant={isCurrent ? 'contained' : 'outlined'}
            data-testid="nav-today"
            aria-current={isCurrent ? 'page' : undefined}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 1.25 } }}
          >
            {view === 'month' ? 'This month' : 'This week'}
          </Button>
          <NavLink
            to={next ? hrefFor({ view, date: next }) : null}
            label={`Next ${unit}`}
            testId="nav-next"
            direction="next"
          />
          <Button
            ref={pickerAnchor}
            size="small"
            onClick={() => setPickerOpen(true)}
            startIcon={<CalendarMonthOutlinedIcon />}
            aria-haspopup="dialog"
            aria-label={`${rangeLabel}: choose another date`}
            data-testid="date-picker-button"
            sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: 'text.primary' }}
          >
            {rangeLabel}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: { sm: 'auto' } }}>
          {/* The system's own list (a phone's picker wheel): Material's menu select also stored its element in
              state as it mounted, a synchronous re-render in the calendar's first commit. */}
          <TextField
            select
            size="small"
            label="Sort"
            value={sort}
            onChange={(event) => props.onSort(event.target.value as EarningsSortKey)}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 150 }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
          <Hint title="Calendars shown">
            <IconButton
              ref={togglesAnchor}
              onClick={() => setTogglesOpen(true)}
              aria-label={`Calendars shown, ${extrasOn} on`}
              aria-haspopup="dialog"
              data-testid="toggles-button"
            >
              <Badge badgeContent={extrasOn} color="primary">
                <LayersOutlinedIcon />
              </Badge>
            </IconButton>
          </Hint>
          {props.onOpenSettings ? (
            <Hint title="Calendar settings">
              <IconButton onClick={props.onOpenSettings} aria-label="Calendar settings" data-testid="settings-button">
                <TuneIcon />
              </IconButton>
            </Hint>
          ) : null}
          {props.onOpenEmbed ? (
            <Hint title="Embed this calendar">
              <IconButton onClick={props.onOpenEmbed} aria-label="Embed this calendar" data-testid="embed-button">
                <CodeIcon />
              </IconButton>
            </Hint>
          ) : null}
        </Box>
      </Box>
      <Box
        role="radiogroup"
        aria-label="Which companies"
        sx={{
          display: 'flex',
          gap: 0.75,
          overflowX: 'auto',
          scrollbarWidth: 'none',
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          pb: 0.25,
        }}
      >
        {FILTER_OPTIONS.map((option) => {
          const chip = (
            <Chip
              key={option.value}
              role="radio"
              aria-checked={filter === option.value}
              aria-disabled={option.disabledHint ? true : undefined}
              label={option.label}
              clickable={!option.disabledHint}
              disabled={Boolean(option.disabledHint)}
              color={filter === option.value ? 'primary' : 'default'}
              variant={filter === option.value ? 'filled' : 'outlined'}
              onClick={option.disabledHint ? undefined : () => props.onFilter(option.value)}
              data-testid={`filter-${option.value}`}
              sx={{ fontWeight: 700, flexShrink: 0 }}
            />
          );
          return option.disabledHint ? (
            <Hint key={option.value} title={option.disabledHint} touch>
              <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }} data-testid="filter-custom-hint">
                {chip}
              </Box>
            </Hint>
          ) : (
            chip
          );
        })}
        {props.onEditCustom ? (
          <Button
            size="small"
            startIcon={<EditOutlinedIcon />}
            onClick={props.onEditCustom}
            aria-haspopup="dialog"
            data-testid="edit-custom-filter"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            Edit my list
          </Button>
        ) : null}
      </Box>
      <Popover
        open={togglesOpen}
        anchorEl={togglesAnchor.current}
        onClose={() => setTogglesOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { p: 2, width: 320, maxWidth: 'calc(100vw - 32px)' },
            'aria-label': 'Calendars shown',
            role: 'dialog',
          },
        }}
      >
        <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Calendars shown
        </Typography>
        <CalendarToggleList toggles={toggles} onChange={props.onToggles} />
      </Popover>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <DatePickerPopover
            anchorEl={pickerAnchor.current}
            view={view}
            value={anchor}
            onClose={() => setPickerOpen(false)}
            onPick={(date) => {
              setPickerOpen(false);
              props.onPick({ view, date, select: view !== 'month' });
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** The previous/next arrow; a disabled one where there is nothing to go to. */
function NavLink({
  to,
  label,
  testId,
  direction,
}: {
  to: string | null;
  label: string;
  testId: string;
  direction: 'previous' | 'next';
}) {
  const children = direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
  if (!to) {
    return (
      <IconButton disabled aria-label={label} data-testid={testId} size="small">
        {children}
      </IconButton>
    );
  }
  return (
    <Hint title={label}>
      <IconButton component={RouterLink} to={to} aria-label={label} data-testid={testId} size="small">
        {children}
      </IconButton>
    </Hint>
  );
}

/** The SPEC §3 calendar toggles as switches (toolbar popover and settings modal). */
export function CalendarToggleList({
  toggles,
  onChange,
}: {
  toggles: CalendarToggles;
  onChange: (next: CalendarToggles) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {TOGGLE_OPTIONS.map((option) => (
        <Box key={option.key}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={option.disabledHint ? false : toggles[option.key]}
                disabled={Boolean(option.disabledHint)}
                onChange={(event) => onChange({ ...toggles, [option.key]: event.target.checked })}
                slotProps={{ input: { 'data-testid': `toggle-${option.key}` } as Record<string, string> }}
              />
            }
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {option.label}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.disabledHint ?? option.description}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', mx: 0, gap: 1, '& .MuiSwitch-root': { mt: 0.25 } }}
          />
        </Box>
      ))}
    </Box>
  );
}
