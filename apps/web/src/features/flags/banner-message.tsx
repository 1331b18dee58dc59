import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { selectBannerMessage } from './flags.ts';
import { useFlags } from './flags-api.ts';

const BannerAlert = lazy(() => import('./banner-alert.tsx'));

/** The bannerMessage flag's text across the top while it is on; closing hides this message until it changes. */
export function BannerMessage() {
  const { data } = useFlags();
  const dismissed = useAppSelector((state) => state.ui.dismissedBanner);
  const message = selectBannerMessage(data?.flags);
  if (!message || message === dismissed) return null;
  return (
    <Box role="region" aria-label="Announcement">
      <Suspense fallback={null}>
        <BannerAlert message={message} />
      </Suspense>
    </Box>
  );
}
