import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router';
import { IconAction, plainButtonSx } from '../../components/icon-action.tsx';
import { WhatsNewButton } from '../../features/release-notes/whats-new-button.tsx';
import { AccountButton } from '../../features/shell/account-button.tsx';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { isLinkActive, NAV_LINKS } from '../../shared/routes.ts';
import { HEADER_HEIGHT } from '../../shared/sticky-header.ts';
import { menuOpened } from '../../shared/ui-slice.ts';
import { Brand } from './brand.tsx';
import { ThemeToggleButton } from './theme-toggle-button.tsx';

export interface NavBarProps {
  /**
   * The sticky-header variant at every width. Without it the bar is sticky on narrow screens (below md) and
   * scrolls away on wide ones.
   */
  stickyHeader: boolean;
  partner?: string | undefined;
}

/**
 * The navigation bar: logo and name, the main links, search, what's new, theme, and sign-in or the account menu.
 * At phone width it collapses to logo, search, sign-in or the account menu, and the menu button; the rest is in the
 * menu.
 */
export function NavBar({ stickyHeader, partner }: NavBarProps) {
  const dispatch = useAppDispatch();
  const auth = useAppSelectorInTransition((state) => state.auth);
  const { pathname } = useLocation();
  return (
    <Box
      component="header"
      data-sticky-header={stickyHeader}
      sx={{
        zIndex: (theme) => theme.zIndex.appBar,
        position: { xs: 'sticky', md: stickyHeader ? 'sticky' : 'relative' },
        top: 0,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: (theme) => alpha(theme.palette.background.paper, 0.85),
        backgroundImage: 'none',
        backdropFilter: 'blur(12px)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 0.5, sm: 1 },
          px: { xs: 2, sm: 3 },
          height: { xs: HEADER_HEIGHT.xs, sm: HEADER_HEIGHT.sm },
        }}
      >
        <Brand partner={partner} />
        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, ml: 2 }}
        >
          {NAV_LINKS.map((link) => {
            const active = isLinkActive(pathname, link.match);
            return (
              <Box
                key={link.to}
                component={RouterLink}
                to={link.to}
                aria-current={active ? 'page' : undefined}
                sx={{
                  px: 1.25,
                  py: 0.75,
                  fontWeight: 600,
                  fontSize: '0.9375rem',
                  textDecoration: 'none',
                  color: active ? 'primary.main' : 'text.primary',
                  boxShadow: active ? (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` : 'none',
                  borderRadius: 1,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                {link.label}
              </Box>
            );
          })}
        </Box>
        <Box sx={{ flex: 1 }} />
        <IconAction
          aria-label="Search symbols"
          title="Search symbols"
          onClick={() => dispatch(modalOpened({ kind: 'symbolSearch' }))}
        >
          <SearchIcon />
        </IconAction>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5 }}>
          <WhatsNewButton />
          <ThemeToggleButton />
        </Box>
        {/* At every width: a visitor on a phone sees how to sign in (or create an account) without opening the menu. */}
        {auth.status === 'signedIn' ? null : (
          <Box
            component="button"
            type="button"
            onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}
            sx={{
              ...plainButtonSx,
              ml: 0.5,
              px: { xs: 1.5, sm: 2 },
              py: 0.75,
              borderRadius: 1,
              fontWeight: 600,
              fontSize: { xs: '0.875rem', sm: '0.9375rem' },
              whiteSpace: 'nowrap',
              flexShrink: 0,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '&:hover': { bgcolor: 'primary.dark' },
            }}
          >
            Sign in
          </Box>
        )}
        {auth.status === 'signedIn' ? <AccountButton /> : null}
        <IconAction
          aria-label="Open menu"
          title="Menu"
          aria-haspopup="dialog"
          onClick={() => dispatch(menuOpened())}
          edge="end"
          sx={{ ml: 0.5 }}
        >
          <MenuIcon />
        </IconAction>
      </Box>
    </Box>
  );
}
