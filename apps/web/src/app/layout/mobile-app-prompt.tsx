import { lazy, Suspense } from 'react';
import { Optional } from '../../components/optional.tsx';
import { isNative } from '../../platform/platform.ts';
import { preferences } from '../../shared/preferences.ts';
import { BREAKPOINTS } from '../../shared/theme.ts';

/** Phone width: below the theme's sm breakpoint (SPEC §9). */
const PHONE_QUERY = `(max-width: ${BREAKPOINTS.sm - 0.05}px)`;

// Its own chunk: the native chrome inside the shell, the web's app offer otherwise. The first load holds neither.
const Slot = lazy(() => (isNative() ? import('./native-chrome.tsx') : import('./web-app-prompt.tsx')));

/**
 * The layout's mobile-app slot (SPEC §2). Inside the native app: the bottom tab bar and SPEC §4's push prompt. On
 * the web, to a visitor at phone width: the offer of the native apps in their stores, until it is closed.
 */
export function MobileAppPrompt() {
  if (!isNative() && (!globalThis.matchMedia?.(PHONE_QUERY).matches || preferences.get('mobileAppPromptDismissed')))
    return null;
  return (
    <Optional>
      <Suspense fallback={null}>
        <Slot />
      </Suspense>
    </Optional>
  );
}
