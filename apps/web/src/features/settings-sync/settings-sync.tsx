import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { type Preferences, preferences } from '../../shared/preferences.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useGetUserSettingsQuery, useSaveUserSettingsMutation } from '../onboarding/index.ts';
import { getPreference, setPreference, subscribePreferences } from './live-preferences.ts';
import { SettingsSyncer } from './settings-syncer.ts';
import { isSyncedKey, readSynced, SYNCED_KEYS } from './synced-preferences.ts';

/**
 * Keeps the synced preferences (decision 0033) with the signed-in account: loads the account's settings
 * (GET /core/users/me/settings) and merges them in, then saves each change (POST, debounced), rolled back with a
 * toast when the server refuses. A chunk of its own, rendered only while someone is signed in.
 */
export default function SettingsSync() {
  const dispatch = useAppDispatch();
  const email = useAppSelector((state) => state.auth.email);
  const { data } = useGetUserSettingsQuery();
  const [save] = useSaveUserSettingsMutation();
  const syncer = useRef<SettingsSyncer | null>(null);
  const loadedFor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account signed in gets a syncer of its own
  useEffect(() => {
    const current = new SettingsSyncer(
      {
        get: (key) => getPreference(key),
        apply: (key, value) => setPreference(key, value as Preferences[typeof key], 'server'),
        isChosen: (key) => preferences.isStored(key),
        save: async (values) => !('error' in (await save({ settings: values }))),
        failed: (message) => dispatch(toastShown({ message, severity: 'error' })),
        setTimer: (run, ms) => setTimeout(run, ms),
        clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      },
      SYNCED_KEYS,
    );
    syncer.current = current;
    loadedFor.current = null;
    const unsubscribe = subscribePreferences((key, origin) => {
      if (origin === 'local' && isSyncedKey(key)) current.changed(key);
    });
    return () => {
      unsubscribe();
      current.stop();
      if (syncer.current === current) syncer.current = null;
    };
  }, [dispatch, save, email]);

  useEffect(() => {
    const current = syncer.current;
    if (!current || !data || loadedFor.current === (email ?? '')) return;
    loadedFor.current = email ?? '';
    void current.load(readSynced(data.settings));
  }, [data, email]);

  return null;
}
