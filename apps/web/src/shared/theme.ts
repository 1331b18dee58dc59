import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-mode.ts';

/** SPEC §9 breakpoints (MUI keys), in px of viewport width. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
/** SPEC §9 extra widths and the tall viewport, as media queries usable in `sx` and `useMediaQuery`. */
export const WIDE_WIDTH = 1400;
export const ULTRA_WIDE_WIDTH = 1600;
export const TALL_VIEWPORT_HEIGHT = 1200;
export const MEDIA = {
  wideUp: `@media (min-width:${WIDE_WIDTH}px)`,
  ultraWideUp: `@media (min-width:${ULTRA_WIDE_WIDTH}px)`,
  tallViewport: `@media (min-height:${TALL_VIEWPORT_HEIGHT}px)`,
} as const;

/**
 * Text and outlines that warn (estimated dates, demo data): Material's warning colours are for fills, and its
 * dark orange on white is 3.8:1; these keep small text above 4.5:1 on the page and on paper in both modes.
 */
export function warningTextColor(theme: Theme): string {
  return theme.palette.mode === 'dark' ? theme.palette.warning.light : '#8a4600';
}

/** Primary green, chosen for at least 4.5:1 contrast with its text and with the page background. */
export const BRAND_GREEN = { light: '#1b7f4b', dark: '#5fd39a' } as const;

const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  const primary = dark ? BRAND_GREEN.dark : BRAND_GREEN.light;
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: dark ? '#9ecbff' : '#245d9c' },
      success: { main: dark ? '#66d19e' : '#1b7f4b' },
      error: { main: dark ? '#ff8a80' : '#c62828' },
      background: dark ? { default: '#0e1311', paper: '#151b18' } : { default: '#f6f8f7', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: SYSTEM_FONTS,
      h1: {
        fontSize: '1.65rem',
        fontWeight: 700,
        letterSpacing: '-0.01em',
        [`@media (min-width:${BREAKPOINTS.sm}px)`]: { fontSize: '2rem' },
      },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      h4: { fontSize: '1.1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
          'a:not([class])': { color: primary },
          'html, body, #root': { minHeight: '100%' },
          body: { WebkitFontSmoothing: 'antialiased' },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
