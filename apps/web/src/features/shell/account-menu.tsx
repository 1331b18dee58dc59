import { FREE_PLAN } from '@eh/domain';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShowChart from '@mui/icons-material/ShowChart';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { Avatar, Box, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { initialsOf } from '../../shared/initials.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { preferences } from '../../shared/preferences.ts';
import { themeToggled } from '../../shared/ui-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { loadSession } from '../auth/index.ts';
import { ACCOUNT_MENU_ID } from './account-menu-id.ts';

export interface AccountMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The account menu (MUI Menu: arrow keys, Escape, focus back on the avatar): who is signed in, their profile and
 * My Stocks, their plan with the way to upgrade (or to compare plans), /admin for a super admin, the theme, and sign-out.
 */
export default function AccountMenu({ anchor, onClose }: AccountMenuProps) {
  const dispatch = useAppDispatch();
  const email = useAppSelectorInTransition((state) => state.auth.email);
  const themeMode = useAppSelector((state) => state.ui.themeMode);
  const { data: me } = useGetMeQuery();
  const plan = me?.displayPlan ?? null;
  const name = me?.name?.trim() || null;
  const shownEmail = me?.email ?? email;
  const free = plan === FREE_PLAN;
  const superAdmin = me?.superAdmin ?? preferences.get('superAdmin');
  return (
    <Menu
      id={ACCOUNT_MENU_ID}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 280, maxWidth: 'calc(100vw - 32px)', mt: 0.5 } } }}
    >
      <Box
        data-testid="account-menu-who"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 1, pb: 1.5 }}
      >
        <Avatar src={me?.avatarUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>
          {initialsOf(name, shownEmail)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          {name ? (
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {name}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" noWrap title={shownEmail ?? undefined}>
            {shownEmail}
          </Typography>
          <Typography variant="body2" data-testid="account-menu-plan">
            {plan ? `${PLAN_LABELS[plan]} plan` : '\u00a0'}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>Profile</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/my-stocks" onClick={onClose}>
        <ListItemIcon>
          <ShowChart fontSize="small" />
        </ListItemIcon>
        <ListItemText>My Stocks</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/pricing" onClick={onClose} data-testid="account-menu-pricing">
        <ListItemIcon>
          <WorkspacePremiumOutlined fontSize="small" color={free ? 'primary' : undefined} />
        </ListItemIcon>
        <ListItemText
          primary={free ? 'Upgrade' : 'Plans'}
          secondary={free ? 'See what Plus and Pro unlock' : undefined}
          slotProps={{ primary: { sx: free ? { color: 'primary.main', fontWeight: 700 } : undefined } }}
        />
      </MenuItem>
      {superAdmin ? (
        <MenuItem component={RouterLink} to="/admin" onClick={onClose} data-testid="account-menu-admin">
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Admin</ListItemText>
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem onClick={() => dispatch(themeToggled())}>
        <ListItemIcon>
          {themeMode === 'dark' ? <LightModeOutlined fontSize="small" /> : <DarkModeOutlined fontSize="small" />}
        </ListItemIcon>
        <ListItemText>{themeMode === 'dark' ? 'Light theme' : 'Dark theme'}</ListItemText>
      </MenuItem>
      <MenuItem
        data-testid="account-menu-sign-out"
        onClick={() => {
          onClose();
          void loadSession().then((session) => session.endSession(dispatch));
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        <ListItemText>Sign out</ListItemText>
      </MenuItem>
    </Menu>
  );
}
