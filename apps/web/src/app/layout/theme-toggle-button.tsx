import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconAction } from '../../components/icon-action.tsx';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { themeToggled } from '../../shared/ui-slice.ts';

export const THEME_TOGGLE_LABEL = 'Toggle light/dark theme';

/** Switches light and dark and saves the choice (SPEC §4). */
export function ThemeToggleButton() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.ui.themeMode);
  return (
    <IconAction
      aria-label={THEME_TOGGLE_LABEL}
      aria-pressed={mode === 'dark'}
      title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => dispatch(themeToggled())}
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconAction>
  );
}
