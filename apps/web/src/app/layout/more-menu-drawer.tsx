import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { selectDevMode } from '../../features/flags/flags.ts';
import { useFlags } from '../../features/flags/flags-api.ts';
import { selectInstallAvailable } from '../../features/pwa/pwa-slice.ts';
import { promptInstall } from '../../features/pwa/pwa-start.ts';
import { WHATS_NEW_LABEL, WhatsNewButton } from '../../features/release-notes/whats-new-button.tsx';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { groupPages, pageHref } from '../../shared/page-groups.ts';
import { menuClosed } from '../../shared/ui-slice.ts';
import { ThemeToggleButton } from './theme-toggle-button.tsx';

/** Every page, grouped, with the actions the phone-width bar hides. */
export default function MoreMenuDrawer({ open }: { open: boolean }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  // Only while the browser offers it (Chromium's beforeinstallprompt; gone once installed).
  const installAvailable = useAppSelectorInTransition(selectInstallAvailable);
  const { pathname } = useLocation();
  const { data } = useFlags();
  const groups = groupPages({ menuOnly: true, devMode: selectDevMode(data?.flags) });
  const close = () => dispatch(menuClosed());

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{ paper: { sx: { width: { xs: '88vw', sm: 360 }, maxWidth: 400 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Menu
        </Typography>
        <IconButton aria-label="Close menu" onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pb: 1.5 }}>
        {signedIn ? (
          <Button
            variant="outlined"
            data-testid="menu-sign-out"
            onClick={() => {
              close();
              void import('../../features/auth/session.ts').then((session) => session.endSession(dispatch));
            }}
          >
            Sign out
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => {
              close();
              dispatch(modalOpened({ kind: 'signIn' }));
            }}
          >
            Sign in
          </Button>
        )}
        {installAvailable && (
          <Button
            data-testid="menu-install-app"
            onClick={() => {
              close();
              void promptInstall(dispatch);
            }}
          >
            Install app
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center' }} aria-label={WHATS_NEW_LABEL} role="group">
          <WhatsNewButton />
        </Box>
        <ThemeToggleButton />
      </Box>
      <Divider />
      <Box component="nav" aria-label="All pages" sx={{ overflowY: 'auto', pb: 2 }}>
        {groups.map(({ group, label, pages }) => (
          <List
            key={group}
            dense
            subheader={
              <ListSubheader component="h3" sx={{ lineHeight: '36px', fontWeight: 700, bgcolor: 'background.paper' }}>
                {label}
              </ListSubheader>
            }
          >
            {pages.map((page) => {
              const href = pageHref(page);
              const current = pathname.toLowerCase() === href.toLowerCase();
              return (
                <ListItemButton
                  key={page.id}
                  component={RouterLink}
                  to={href}
                  onClick={close}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                >
                  <ListItemText primary={page.menuLabel ?? page.title} />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}
