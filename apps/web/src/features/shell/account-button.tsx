import { Box } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { plainButtonSx } from '../../components/icon-action.tsx';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import { initialsOf } from '../../shared/initials.ts';
import { usersApi } from '../../shared/users-api.ts';

const AccountMenu = lazy(() => import('./account-menu.tsx'));

import { ACCOUNT_MENU_ID } from './account-menu-id.ts';

/**
 * The signed-in reader's avatar in the navigation bar: their initials (from the email, known without a request,
 * then from the name once the account is loaded),
 * opening the account menu, which loads the first time it opens so the first page stays light.
 */
export function AccountButton() {
  const email = useAppSelectorInTransition((state) => state.auth.email);
  // The name once the account is loaded (by any page: this reads the cache and asks for nothing), so the header
  // shows the same initials as the profile and the account menu.
  const name = usersApi.endpoints.getMe.useQueryState().data?.name ?? null;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = anchor !== null;
  const initials = initialsOf(name, email);
  return (
    <>
      <Box
        component="button"
        type="button"
        data-testid="account-button"
        // The name starts with what the button shows (its initials), as speech input users say it (WCAG 2.5.3).
        aria-label={email ? `${initials}: account menu for ${email}` : 'Account menu'}
        title={email ?? 'Account'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? ACCOUNT_MENU_ID : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        sx={{
          ...plainButtonSx,
          flexShrink: 0,
          width: 40,
          height: 40,
          p: 0,
          ml: 0.5,
          borderRadius: '50%',
          bgcolor: 'transparent',
          '&:hover > span': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.action.hover}` },
        }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: '0.8125rem',
            letterSpacing: 0.5,
          }}
        >
          {initials}
        </Box>
      </Box>
      {loaded ? (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
