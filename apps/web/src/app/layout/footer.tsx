import { Box, Typography } from '@mui/material';
import { lazy, type MouseEvent, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useProvenance } from '../../features/app-info/provenance.ts';
import { APP_NAME, CLIENT_VERSION } from '../../shared/constants.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { openInModalOnPlainClick } from '../../shared/modals/open-in-modal.ts';
import { FOOTER_LINKS } from '../../shared/routes.ts';

/** Footer pages that are also modals (SPEC §2): a plain click opens the modal over the page being read. */
const LINK_MODALS: Partial<Record<string, 'termsOfService' | 'privacyPolicy'>> = {
  '/terms': 'termsOfService',
  '/privacy': 'privacyPolicy',
};

/**
 * The /demo tour's bar over the pages it opens, drawn just above the footer (sticky at the window's foot until the
 * footer comes): a chunk of its own loaded with the footer, so the first load carries nothing of it.
 */
const TourBar = lazy(() => import('../../features/demo/tour-bar.tsx'));

const linkSx = {
  color: 'text.primary',
  textDecoration: 'none',
  font: 'inherit',
  p: 0,
  border: 0,
  bgcolor: 'transparent',
  cursor: 'pointer',
  '&:hover': { textDecoration: 'underline' },
} as const;

export function Footer() {
  return (
    <>
      <Suspense fallback={null}>
        <TourBar />
      </Suspense>
      <SiteFooter />
    </>
  );
}

function SiteFooter() {
  const dispatch = useAppDispatch();
  const provenance = useProvenance();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}>
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 3,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
        }}
      >
        <Box
          component="ul"
          aria-label="Site"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 2.5 }, listStyle: 'none', p: 0, m: 0 }}
        >
          {FOOTER_LINKS.map((link) => {
            const kind = LINK_MODALS[link.to];
            return (
              <li key={link.to}>
                <Box
                  component={RouterLink}
                  to={link.to}
                  sx={linkSx}
                  onClick={
                    kind
                      ? (event: MouseEvent) => openInModalOnPlainClick(event, () => dispatch(modalOpened({ kind })))
                      : undefined
                  }
                >
                  {link.label}
                </Box>
              </li>
            );
          })}
          <li>
            <Box
              component="button"
              type="button"
              onClick={() => dispatch(modalOpened({ kind: 'releaseNotes' }))}
              sx={linkSx}
            >
              Release notes
            </Box>
          </li>
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="data-provenance" sx={{ minHeight: '1.43em' }}>
          {provenance ? `${provenance}.` : null}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Logo size={20} />
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {APP_NAME} · web {CLIENT_VERSION} · Information only, not investment advice.
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
