import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  FormControl,
  FormLabel,
  Link,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { APP_NAME } from '../../shared/constants.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import type { CalendarView } from '../../shared/preferences.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { VIEW_OPTIONS } from './calendar-options.ts';
import { clampHeight, EMBED_HEIGHT, type EmbedTheme, embedSnippet, embedUrl } from './embed-snippet.ts';

const THEMES: readonly { value: EmbedTheme; label: string }[] = [
  { value: 'auto', label: 'Visitor’s' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * The embed calendar modal (SPEC §2): the iframe snippet of /embed/calendar for a view, theme and height, with a
 * copy button and a preview link. Anyone can take it, signed in or not.
 */
export default function EmbedCalendarModal({ entry, onClose }: ModalContentProps<'embedCalendar'>) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const initialView = entry.props.view;
  const [view, setView] = useState<CalendarView>(
    initialView === 'list' || initialView === 'month' ? initialView : 'week',
  );
  const [theme, setTheme] = useState<EmbedTheme>('auto');
  const [height, setHeight] = useState<number>(EMBED_HEIGHT.default);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const origin = globalThis.location?.origin ?? '';
  const snippet = embedSnippet({ origin, view, theme, height }, APP_NAME);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      dispatch(toastShown({ message: 'Embed code copied', severity: 'success' }));
    } catch {
      // No clipboard permission (an insecure origin, an old browser): select it for a manual copy.
      field.current?.select();
      dispatch(toastShown({ message: 'Press Ctrl+C (⌘C) to copy the selected code', severity: 'info' }));
    }
  };

  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }} data-testid="embed-snippet-form">
        <Typography variant="body2" color="text.secondary">
          Put this week’s earnings on your site: exact times in each visitor’s time zone, every date marked confirmed or
          estimated. {signedIn ? '' : 'No account needed.'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <FormControl>
            <FormLabel sx={{ mb: 0.5, fontWeight: 700 }} id="embed-view">
              View
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              onChange={(_event, next: CalendarView | null) => next && setView(next)}
              aria-labelledby="embed-view"
            >
              {VIEW_OPTIONS.map((option) => (
                <ToggleButton key={option.value} value={option.value} data-testid={`embed-view-${option.value}`}>
                  {option.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
          <FormControl>
            <FormLabel sx={{ mb: 0.5, fontWeight: 700 }} id="embed-theme">
              Theme
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={theme}
              onChange={(_event, next: EmbedTheme | null) => next && setTheme(next)}
              aria-labelledby="embed-theme"
            >
              {THEMES.map((option) => (
                <ToggleButton key={option.value} value={option.value} data-testid={`embed-theme-${option.value}`}>
                  {option.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
          <TextField
            type="number"
            size="small"
            label="Height (px)"
            value={height}
            onChange={(event) => setHeight(Number(event.target.value))}
            onBlur={() => setHeight(clampHeight(height))}
            slotProps={{ htmlInput: { min: EMBED_HEIGHT.min, max: EMBED_HEIGHT.max, step: 50 } }}
            sx={{ width: 130 }}
          />
        </Box>
        <TextField
          label="Embed code"
          value={snippet}
          multiline
          minRows={3}
          inputRef={field}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'embed-snippet', spellCheck: false } }}
          sx={{ '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8rem' } }}
          onFocus={(event) => event.target.select()}
        />
        <Link href={embedUrl({ origin, view, theme })} target="_blank" rel="noopener" variant="body2">
          Preview the embed in a new tab
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} data-testid="embed-copy">
          Copy code
        </Button>
      </DialogActions>
    </>
  );
}
