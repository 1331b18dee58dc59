import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useMemo } from 'react';
import { Provider } from 'react-redux';
import { useAppSelector } from '../shared/hooks.ts';
import type { AppStore } from '../shared/store.ts';
import { createAppTheme } from '../shared/theme.ts';

/**
 * The theme of the current mode. Material's own ThemeProvider also carries its CSS-variables provider
 * (~5 kB gzip of first-load JavaScript) for themes built with `cssVariables`; ours is not, and for such a theme
 * Material renders exactly this system ThemeProvider (ThemeProviderNoVars).
 */
function AppTheme({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.ui.themeMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppTheme>{children}</AppTheme>
    </Provider>
  );
}
