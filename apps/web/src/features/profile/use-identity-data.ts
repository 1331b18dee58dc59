import { useCallback, useEffect, useState } from 'react';
import { type CognitoClient, identityErrorMessage, loadCognito } from '../auth/index.ts';

const loadClient = loadCognito;

export interface IdentityData<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Data the identity provider holds (MFA settings, devices), read through the Cognito client when mounted. */
export function useIdentityData<T>(read: (client: CognitoClient) => Promise<T>): IdentityData<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a fixed accessor; `version` asks again.
  useEffect(() => {
    let live = true;
    setLoading(true);
    loadClient()
      .then(read)
      .then(
        (value) => {
          if (!live) return;
          setData(value);
          setError(null);
        },
        (failure: unknown) => live && setError(identityErrorMessage(failure)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [version]);
  return { data, error, loading, reload };
}
