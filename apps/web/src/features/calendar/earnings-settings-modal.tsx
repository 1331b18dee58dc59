import { CONTENT_TYPES, type ContentType, canUse, type EarningsSortKey, type SymbolFilter } from '@eh/domain';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import {
  type CalendarToggles,
  type CalendarView,
  DEFAULT_CALENDAR_TOGGLES,
  DEFAULT_EARNINGS_SETTINGS,
  type EarningsSettings,
} from '../../shared/preferences.ts';
import { LoadingRows } from '../../shared/query-state.tsx';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { NEWS_TYPE_LABELS } from '../news/index.ts';
import { FILTER_OPTIONS, SORT_OPTIONS, VIEW_OPTIONS } from './calendar-options.ts';
import {
  resetTimeZone,
  setCalendarPreference,
  useCalendarToggles,
  useEarningsSettings,
  useTimeZone,
} from './calendar-preferences.ts';
import { CalendarToggleList } from './calendar-toolbar.tsx';

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  } catch {
    return 'America/New_York';
  }
}

function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'UTC'];
  }
}

/** What the calendar settings keep, said where the plan does not include them. */
const SETTINGS_NOTE =
  'Save how the calendar opens: its view, companies, sort, news types, calendars and time zone. The controls above the calendar still change what you see now.';

/**
 * The earnings settings modal (SPEC §3 calendarSettings, a paid feature): the settings with a paid plan, and what
 * they would keep with the upgrade on any other (the toolbar's view, filter, sort and calendars stay free).
 */
export default function EarningsSettingsModal(props: ModalContentProps<'earningsSettings'>) {
  const { signedIn, features } = useCurrentPlan();
  if (signedIn === null || (signedIn && !features)) {
    return (
      <DialogContent dividers>
        <LoadingRows rows={4} />
      </DialogContent>
    );
  }
  if (!features || !canUse(features, 'calendarSettings')) {
    return (
      <>
        <DialogContent dividers data-testid="earnings-settings-locked">
          <UpgradePrompt gate={{ feature: 'calendarSettings', hidden: 0 }} note={SETTINGS_NOTE} />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return <SettingsForm {...props} />;
}

/**
 * The settings (SPEC §3 earnings settings: calendar view, filter, news types, sort, auto-expand of hidden symbols;
 * plus the calendar toggles and the time zone times are shown in). Saved locally on "Save".
 */
function SettingsForm({ onClose }: ModalContentProps<'earningsSettings'>) {
  const [stored] = useEarningsSettings();
  const [storedToggles] = useCalendarToggles();
  const [storedZone] = useTimeZone();
  const [draft, setDraft] = useState<EarningsSettings>(stored);
  const [toggles, setToggles] = useState<CalendarToggles>(storedToggles);
  const [zone, setZone] = useState<string>(storedZone);
  const zones = useMemo(knownZones, []);
  const browser = browserZone();
  const update = <K extends keyof EarningsSettings>(key: K, value: EarningsSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const save = () => {
    setCalendarPreference('earningsSettings', draft);
    setCalendarPreference('calendarToggles', toggles);
    if (zone === browser) resetTimeZone();
    else setCalendarPreference('timezone', zone);
    onClose();
  };
  const reset = () => {
    setDraft({ ...DEFAULT_EARNINGS_SETTINGS, newsTypes: [...DEFAULT_EARNINGS_SETTINGS.newsTypes] });
    setToggles({ ...DEFAULT_CALENDAR_TOGGLES });
    setZone(browser);
  };
  const toggleNewsType = (type: ContentType, on: boolean) =>
    update('newsTypes', on ? [...draft.newsTypes, type] : draft.newsTypes.filter((t) => t !== type));

  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }} data-testid="earnings-settings">
        <FormControl>
          <FormLabel id="settings-view" sx={{ fontWeight: 700 }}>
            Opens in
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="settings-view"
            value={draft.calendarView}
            onChange={(event) => update('calendarView', event.target.value as CalendarView)}
          >
            {VIEW_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={
                  <Radio
                    slotProps={{ input: { 'data-testid': `settings-view-${option.value}` } as Record<string, string> }}
                  />
                }
                label={`${option.label} view`}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="settings-filter" sx={{ fontWeight: 700 }}>
            Companies
          </FormLabel>
          <RadioGroup
            aria-labelledby="settings-filter"
            value={draft.filter}
            onChange={(event) => update('filter', event.target.value as SymbolFilter)}
          >
            {FILTER_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                disabled={Boolean(option.disabledHint) && draft.filter !== option.value}
                control={
                  <Radio
                    size="small"
                    slotProps={{
                      input: { 'data-testid': `settings-filter-${option.value}` } as Record<string, string>,
                    }}
                  />
                }
                label={
                  <span>
                    {option.label}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {option.disabledHint ?? option.description}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          <Typography variant="caption" color="text.secondary">
            Companies outside the group stay one tap away behind “+N more”.
          </Typography>
        </FormControl>
        <TextField
          select
          label="Sort by"
          value={draft.sort}
          onChange={(event) => update('sort', event.target.value as EarningsSortKey)}
          slotProps={{ htmlInput: { 'data-testid': 'settings-sort' } }}
        >
          {SORT_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={draft.autoExpandHiddenSymbols}
              onChange={(event) => update('autoExpandHiddenSymbols', event.target.checked)}
              slotProps={{ input: { 'data-testid': 'settings-auto-expand' } as Record<string, string> }}
            />
          }
          label={
            <Box>
              <Typography sx={{ fontWeight: 600 }}>Always show hidden symbols</Typography>
              <Typography variant="caption" color="text.secondary">
                Expand every “+N more” automatically
              </Typography>
            </Box>
          }
          sx={{ alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
        />
        <Autocomplete
          options={zones}
          value={zone}
          disableClearable
          onChange={(_event, value) => value && setZone(value)}
          getOptionLabel={(option) =>
            option === browser ? `${option.replace(/_/g, ' ')} (this device)` : option.replace(/_/g, ' ')
          }
          renderInput={(params) => (
            <TextField {...params} label="Show times in" helperText="Report times are converted from New York time" />
          )}
          data-testid="settings-timezone"
        />
        <Divider />
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            Calendars shown
          </Typography>
          <CalendarToggleList toggles={toggles} onChange={setToggles} />
        </Box>
        <Divider />
        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 700 }}>
            News in the earnings feed
          </FormLabel>
          <FormGroup row>
            {CONTENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={
                  <Checkbox
                    size="small"
                    checked={draft.newsTypes.includes(type)}
                    onChange={(event) => toggleNewsType(type, event.target.checked)}
                  />
                }
                label={NEWS_TYPE_LABELS[type] ?? type}
                sx={{ minWidth: 180 }}
              />
            ))}
          </FormGroup>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button onClick={reset} data-testid="settings-reset">
          Reset to defaults
        </Button>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={save} data-testid="settings-save">
            Save
          </Button>
        </Box>
      </DialogActions>
    </>
  );
}
