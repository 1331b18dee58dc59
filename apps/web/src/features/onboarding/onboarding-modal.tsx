import { ALERT_DEFAULTS, canCreateList, type SearchAsset } from '@eh/domain';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { type ApiError, errorMessage, errorStatus } from '../../shared/api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { preferences } from '../../shared/preferences.ts';
import type { RootState } from '../../shared/store.ts';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { resolveTheme, type ThemeMode } from '../../shared/theme-mode.ts';
import { themeModeChanged } from '../../shared/ui-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import {
  ALERT_SETTING_LABELS,
  ALERT_SIGN_IN_MESSAGE,
  alertAddedMessage,
  alertFailedMessage,
  useAddAlertMutation,
} from '../alerts/index.ts';
import { LISTS_ARGS, useAddListItemMutation, useCreateListMutation, useGetListsQuery } from '../lists/index.ts';
import { lookupOptions, useAssetCatalog } from '../search/index.ts';
import {
  FIRST_LIST_NAME,
  FIRST_STEP,
  isFinished,
  LAST_STEP,
  ONBOARDING_MAX_PICKS,
  ONBOARDING_SETTINGS_KEY,
  ONBOARDING_STEP_LABELS,
  ONBOARDING_STEPS,
  type OnboardingRecord,
  readOnboarding,
} from './onboarding-model.ts';
import { clearOpenHere, markOpenHere } from './open-here.ts';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from './settings-api.ts';

type ThemeChoice = ThemeMode | 'system';
const THEME_OPTIONS: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as this device' },
];

/** The switches the default alerts turn on, in words (SPEC §3 Alert defaults). */
const DEFAULT_ALERTS_WORDS = (Object.keys(ALERT_DEFAULTS) as (keyof typeof ALERT_DEFAULTS)[])
  .filter((setting) => ALERT_DEFAULTS[setting])
  .map((setting) => ALERT_SETTING_LABELS[setting].toLowerCase());

interface AlertOutcome {
  symbol: string;
  ok: boolean;
  message: string;
}

/**
 * SPEC §2 onboarding for a new account: pick stocks, make the first list of them, turn on their default alerts,
 * choose the theme. Skip at every step, Back, and the active step kept in the user's settings on the server, so a
 * closed onboarding resumes where it was; done or skipped, it never opens by itself again.
 */
export default function OnboardingModal({ onClose }: ModalContentProps<'onboarding'>) {
  const settings = useGetUserSettingsQuery();
  const [saveSettings] = useSaveUserSettingsMutation();
  const [record, setRecord] = useState<OnboardingRecord | null>(null);

  // The saved record once: a finished (or never started) onboarding starts again at step 0; else it resumes.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !settings.data) return;
    loaded.current = true;
    const saved = readOnboarding(settings.data.settings);
    const next: OnboardingRecord =
      saved && !isFinished(saved)
        ? { ...saved, status: 'started' }
        : { status: 'started', step: FIRST_STEP, symbols: [] };
    setRecord(next);
    markOpenHere();
    if (saved?.status !== 'started') void saveSettings({ settings: { [ONBOARDING_SETTINGS_KEY]: next } });
  }, [settings.data, saveSettings]);

  // Closed before the end (×, Escape, another page): paused, so it does not open by itself on the next load. A
  // reload never runs this: the record stays started and this tab's mark stays, so the next load opens it again at
  // its step.
  const latest = useRef(record);
  latest.current = record;
  const store = useStore<RootState>();
  useEffect(
    () => () => {
      clearOpenHere();
      const last = latest.current;
      // Not once signing out has begun (signing out closes every modal): there is no session to save it with.
      if (last?.status === 'started' && store.getState().auth.status === 'signedIn') {
        void saveSettings({ settings: { [ONBOARDING_SETTINGS_KEY]: { ...last, status: 'paused' } } });
      }
    },
    [saveSettings, store],
  );

  const update = (change: Partial<OnboardingRecord>) => {
    if (!record) return;
    const next = { ...record, ...change };
    // At once, not at the next render: finishing closes the modal before that, and its close must see the finish.
    latest.current = next;
    setRecord(next);
    void saveSettings({ settings: { [ONBOARDING_SETTINGS_KEY]: next } });
  };
  const finish = (status: 'done' | 'skipped') => {
    if (record) update({ status });
    onClose();
  };

  if (!record) {
    return (
      <DialogContent>
        {settings.error ? (
          <Alert severity="error">{errorMessage(settings.error as ApiError)}</Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
      </DialogContent>
    );
  }

  const step = record.step;
  const name = ONBOARDING_STEPS[step] ?? 'stocks';
  const goTo = (next: number) => update({ step: Math.min(Math.max(next, FIRST_STEP), LAST_STEP) });

  return (
    <>
      <DialogContent data-testid="onboarding" data-step={step}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
          Step {step + 1} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEP_LABELS[name]}
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Onboarding progress">
          {ONBOARDING_STEPS.map((stepName) => (
            <Step key={stepName}>
              <StepLabel>{ONBOARDING_STEP_LABELS[stepName]}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {name === 'stocks' ? (
          <StocksStep symbols={record.symbols} onChange={(symbols) => setRecord({ ...record, symbols })} />
        ) : name === 'list' ? (
          <ListStep
            symbols={record.symbols}
            listId={record.listId}
            onMade={(listId) => update({ listId, step: step + 1 })}
          />
        ) : name === 'alerts' ? (
          <AlertsStep symbols={record.symbols} onDone={() => goTo(step + 1)} />
        ) : (
          <ThemeStep />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => finish('skipped')} data-testid="onboarding-skip" sx={{ mr: 'auto' }}>
          Skip
        </Button>
        {step > FIRST_STEP ? (
          <Button onClick={() => goTo(step - 1)} data-testid="onboarding-back">
            Back
          </Button>
        ) : null}
        {step < LAST_STEP ? (
          <Button
            variant={name === 'stocks' ? 'contained' : 'outlined'}
            data-testid="onboarding-next"
            disabled={name === 'stocks' && record.symbols.length === 0}
            onClick={() => goTo(step + 1)}
          >
            {name === 'stocks' ? 'Next' : 'Not now, next'}
          </Button>
        ) : (
          <Button variant="contained" data-testid="onboarding-finish" onClick={() => finish('done')}>
            Finish
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** Step 0: stocks picked with the app's symbol search, shown as chips. */
function StocksStep({ symbols, onChange }: { symbols: string[]; onChange: (symbols: string[]) => void }) {
  const state = useAssetCatalog();
  const catalog = state.status === 'ready' ? state.catalog : null;
  const [text, setText] = useState('');
  const options = useMemo(() => lookupOptions(catalog, text), [catalog, text]);
  const value: SearchAsset[] = symbols.map(
    (symbol) => catalog?.bySymbol.get(symbol) ?? { symbol, name: symbol, type: 'stock' },
  );
  const full = symbols.length >= ONBOARDING_MAX_PICKS;
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        Which stocks do you follow?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Search by symbol or company and pick a few (up to {ONBOARDING_MAX_PICKS}). They make your first list.
      </Typography>
      <Autocomplete<SearchAsset, true, false, false>
        multiple
        autoHighlight
        options={full ? [] : options}
        filterOptions={(all) => all}
        value={value}
        inputValue={text}
        onInputChange={(_event, next, reason) => {
          if (reason !== 'reset') setText(next);
        }}
        onChange={(_event, picked) => {
          onChange([...new Set(picked.map((asset) => asset.symbol))].slice(0, ONBOARDING_MAX_PICKS));
          setText('');
        }}
        isOptionEqualToValue={(option, picked) => option.symbol === picked.symbol}
        getOptionLabel={(option) => option.symbol}
        noOptionsText={full ? `That is ${ONBOARDING_MAX_PICKS}: enough for a first list.` : 'No matches'}
        loading={state.status === 'loading'}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
            <SymbolLogo symbol={option.symbol} size={24} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {option.symbol}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
                {option.name}
              </Typography>
            </Box>
          </Box>
        )}
        renderValue={(picked, getItemProps) =>
          picked.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={option.symbol}
                data-testid="onboarding-pick"
                data-symbol={option.symbol}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField {...params} label="Stocks" placeholder={symbols.length ? '' : 'Symbol or company'} />
        )}
      />
    </Box>
  );
}

/** Step 1: the first list, named and made of the picks (a plan that keeps one list adds them to the one it has). */
function ListStep({
  symbols,
  listId,
  onMade,
}: {
  symbols: string[];
  listId: string | undefined;
  onMade: (listId: string) => void;
}) {
  const lists = useGetListsQuery(LISTS_ARGS);
  const { data: me } = useGetMeQuery();
  const [createList] = useCreateListMutation();
  const [addItem] = useAddListItemMutation();
  const [name, setName] = useState(FIRST_LIST_NAME);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const made = listId ? lists.data?.lists.find((list) => list.id === listId) : undefined;
  const listLimit = lists.data?.listLimit ?? me?.accountFeatures.listLimit;
  const existing = lists.data?.lists[0];
  const mayCreate =
    lists.data && listLimit !== undefined ? canCreateList({ listLimit }, lists.data.lists.length) : true;
  const target = made ?? (!mayCreate ? existing : undefined);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      let id = target?.id;
      if (!id) {
        const created = await createList({ name: name.trim() });
        if (created.error) throw created.error;
        id = created.data.id;
      }
      for (const symbol of symbols) {
        const added = await addItem({ listId: id, symbol });
        if (added.error) throw added.error;
      }
      onMade(id);
    } catch (caught) {
      setError(errorMessage(caught as ApiError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        {target ? `Add them to ${target.name}` : 'Name your first list'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {target && !made
          ? 'Your plan keeps one list, so the stocks you picked join the one you have.'
          : 'My Stocks keeps it: the stocks you picked, how they do, and what you hold.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mb: 2 }}>
        {symbols.map((symbol) => (
          <Chip key={symbol} size="small" label={symbol} />
        ))}
        {symbols.length === 0 ? (
          <Typography color="text.secondary">No stocks picked: go back to pick some.</Typography>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {target ? null : (
        <TextField
          label="List name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          fullWidth
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'onboarding-list-name' } }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        data-testid="onboarding-make-list"
        disabled={busy || symbols.length === 0 || (!target && !name.trim()) || !lists.data}
      >
        {busy ? 'Saving…' : target ? `Add to ${target.name}` : 'Create list'}
      </Button>
    </Box>
  );
}

/** Step 2: the picks' default alerts (SPEC §5: the defaults, or the saved alert preferences with the feature). */
function AlertsStep({ symbols, onDone }: { symbols: string[]; onDone: () => void }) {
  const [addAlert] = useAddAlertMutation();
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<AlertOutcome[]>([]);

  const turnOn = async () => {
    setBusy(true);
    const results: AlertOutcome[] = [];
    for (const symbol of symbols) {
      const result = await addAlert({ symbol });
      if (result.error) {
        const message = errorStatus(result.error) === 401 ? ALERT_SIGN_IN_MESSAGE : alertFailedMessage(symbol);
        results.push({ symbol, ok: false, message });
      } else results.push({ symbol, ok: true, message: alertAddedMessage(symbol) });
    }
    setOutcomes(results);
    setBusy(false);
    if (results.every((outcome) => outcome.ok)) onDone();
  };

  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        Get alerts for them
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The default alerts: {DEFAULT_ALERTS_WORDS.join(', ')}. You can change them any time from My Stocks.
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mb: 2 }}>
        {symbols.map((symbol) => (
          <Chip key={symbol} size="small" label={symbol} />
        ))}
      </Box>
      {outcomes.some((outcome) => !outcome.ok) ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="onboarding-alert-errors">
          {outcomes
            .filter((outcome) => !outcome.ok)
            .map((outcome) => (
              <div key={outcome.symbol}>{outcome.message}</div>
            ))}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        data-testid="onboarding-alerts-on"
        disabled={busy || symbols.length === 0}
        onClick={() => void turnOn()}
      >
        {busy ? 'Turning on…' : 'Turn on default alerts'}
      </Button>
    </Box>
  );
}

/** Step 3: the theme, applied as it is chosen (SPEC §4: a choice is stored; "same as this device" clears it). */
function ThemeStep() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.ui.themeMode);
  const [choice, setChoice] = useState<ThemeChoice>(() => preferences.get('theme') ?? 'system');
  const choose = (next: ThemeChoice) => {
    setChoice(next);
    if (next === 'system') {
      preferences.remove('theme');
      const systemPrefersDark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
      dispatch(themeModeChanged(resolveTheme({ query: null, stored: null, systemPrefersDark })));
    } else {
      preferences.set('theme', next);
      dispatch(themeModeChanged(next));
    }
  };
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }} id="onboarding-theme-label">
        Light or dark?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Now {mode}. The switch in the top bar changes it later.
      </Typography>
      <RadioGroup
        aria-labelledby="onboarding-theme-label"
        value={choice}
        onChange={(_event, value) => choose(value as ThemeChoice)}
      >
        {THEME_OPTIONS.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
            data-testid={`onboarding-theme-${option.value}`}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
