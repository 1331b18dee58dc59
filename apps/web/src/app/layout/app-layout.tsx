import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Optional } from '../../components/optional.tsx';
import { CanceledSubscriptionBanner } from '../../features/billing/canceled-subscription-banner.tsx';
import { BannerMessage } from '../../features/flags/banner-message.tsx';
import { aboveBottomBar } from '../../platform/platform.ts';
import { usePartner, useStickyHeader } from '../../shared/sticky-header.ts';
import { ClientComponents } from './client-components.tsx';
import { MobileAppPrompt } from './mobile-app-prompt.tsx';
import { MoreMenu } from './more-menu.tsx';
import { NavBar } from './nav-bar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// Below a main area a screen tall, the footer is never in the first screen: it loads after the page's code.
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

/**
 * SPEC §2 layout: more-menu, navigation bar (sticky on narrow screens or when the page asks), the routed page,
 * the mobile-app prompt on native, the client components and the footer. The main area is at least a screen
 * tall so the footer never shows in the first screen while a page's data loads (it would jump down once it arrives).
 */
export function AppLayout() {
  const stickyHeader = useStickyHeader();
  const partner = usePartner();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', pb: aboveBottomBar() }}>
      <SkipLink />
      <BannerMessage />
      <Optional>
        <CanceledSubscriptionBanner />
      </Optional>
      <NavBar stickyHeader={stickyHeader} partner={partner} />
      <MoreMenu />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minHeight: '100vh', outline: 'none' }}>
        <Outlet />
      </Box>
      <MobileAppPrompt />
      <ClientComponents />
      <Optional>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </Optional>
    </Box>
  );
}
