import { lazy } from 'react';
import { OptionalPart } from '../../components/optional.tsx';
import { AuthBootstrap } from '../../features/auth/auth-bootstrap.tsx';
import { ReleaseNotesWatcher } from '../../features/release-notes/release-notes-watcher.tsx';
import { useAppSelector } from '../../shared/hooks.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { ModalHost } from '../modals/modal-host.tsx';

/** Loaded after the first render: nothing needs a shortcut before the page is on screen. */
const KeyboardShortcuts = lazy(() => import('../../features/shortcuts/keyboard-shortcuts.tsx'));
/** Says so while the server still fills the market's history (a first start); a chunk of its own. */
const HistoryNotice = lazy(() => import('../../features/market-history/history-notice.tsx'));
/** Opens onboarding once for a new account; a chunk of its own, so the first load carries only this line. */
const OnboardingWatcher = lazy(() => import('../../features/onboarding/onboarding-watcher.tsx'));
/** Keeps the preferences that follow the account in its settings (decision 0033); only while signed in. */
const SettingsSync = lazy(() => import('../../features/settings-sync/settings-sync.tsx'));
/** "Update available — Reload" (SPEC §3 update-available), fetched only when a new build waits. */
const UpdateBanner = lazy(() => import('../../features/pwa/update-banner.tsx'));

/**
 * Components of the layout that draw over the page or work in the background (SPEC §2 "client components"):
 * the toast, the modal stack, the release-notes watcher and the keyboard shortcuts. The flags poller runs above
 * the router (see app.tsx) so maintenance mode can replace the whole app.
 */
export function ClientComponents() {
  // The pwa slice is injected with the service worker (features/pwa/pwa-slice.ts): absent until then.
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const updateAvailable = useAppSelector(
    (state) => (state as { pwa?: { updateAvailable: boolean } }).pwa?.updateAvailable,
  );
  return (
    <>
      <AuthBootstrap />
      <ToastHost />
      <ModalHost />
      <ReleaseNotesWatcher />
      <OptionalPart>
        <KeyboardShortcuts />
      </OptionalPart>
      <OptionalPart>
        <HistoryNotice />
      </OptionalPart>
      <OptionalPart>
        <OnboardingWatcher />
      </OptionalPart>
      {updateAvailable && (
        <OptionalPart>
          <UpdateBanner />
        </OptionalPart>
      )}
      {signedIn && (
        <OptionalPart>
          <SettingsSync />
        </OptionalPart>
      )}
    </>
  );
}
