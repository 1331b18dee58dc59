import { useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { preferences } from '../app/preferences.ts';
import { Optional } from '../components/optional.tsx';
import { isNative } from './platform.ts';

// Each its own chunk: the web's first load holds neither.
const NativeChrome = lazy(() => import('./native-chrome.tsx'));
const WebAppPrompt = lazy(() => import('./web-app-prompt.tsx'));

/**
 * The layout's mobile-app slot (SPEC §2). Inside the native app: the bottom tab bar and SPEC §4's push prompt. On
 * the web at phone width: the offer of the native apps in their stores, until it is closed.
 */
export function MobileAppPrompt() {
  const native = isNative();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (native)
    return (
      <Optional>
        <Suspense fallback={null}>
          <NativeChrome />
        </Suspense>
      </Optional>
    );
  if (!phone || preferences.get('mobileAppPromptDismissed')) return null;
  return (
    <Optional>
      <Suspense fallback={null}>
        <WebAppPrompt />
      </Suspense>
    </Optional>
  );
}
