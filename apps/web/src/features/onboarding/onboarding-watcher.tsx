import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { modalOpened, selectModalStack } from '../../shared/modals/modals-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { autoOpenDecision, FIRST_STEP, ONBOARDING_SETTINGS_KEY, readOnboarding } from './onboarding-model.ts';
import { wasOpenHere } from './open-here.ts';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from './settings-api.ts';

/**
 * Opens onboarding by itself once, after the first sign-in of a new account (not for the demo accounts, not over
 * another modal, not over a page the visitor came to for one task), and again after a reload of the tab that had it
 * on screen: a chunk of its own, loaded after first paint.
 */
export default function OnboardingWatcher() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const viaLink = useAppSelector((state) => state.auth.viaLink);
  const modalOpen = useAppSelector((state) => selectModalStack(state).length > 0);
  const { pathname } = useLocation();
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const { data: settings } = useGetUserSettingsQuery(undefined, { skip: !signedIn });
  const [save] = useSaveUserSettingsMutation();
  const decided = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn || !me || !settings || decided.current === me.id) return;
    const decision = autoOpenDecision({
      email: me.email,
      createdAt: me.createdAt,
      record: readOnboarding(settings.settings),
      viaLink,
      pathname,
      modalOpen,
      openHere: wasOpenHere(),
      now: Date.now(),
    });
    // Waiting (for a modal to close, for signing in to land) is not a decision: it is taken again once that changes.
    if (decision === 'wait') return;
    decided.current = me.id;
    // Said on the page, so a reader (or a test) can tell "not offered" from "not decided yet".
    document.documentElement.dataset.onboarding = decision;
    if (decision === 'none') return;
    if (decision === 'resume') {
      dispatch(modalOpened({ kind: 'onboarding' }));
      return;
    }
    const status = decision === 'open' ? 'started' : 'deferred';
    void save({ settings: { [ONBOARDING_SETTINGS_KEY]: { status, step: FIRST_STEP, symbols: [] } } });
    if (decision === 'open') dispatch(modalOpened({ kind: 'onboarding' }));
  }, [signedIn, me, settings, viaLink, pathname, modalOpen, save, dispatch]);

  return null;
}
