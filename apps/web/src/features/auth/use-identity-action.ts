import { useState } from 'react';
import { identityErrorMessage } from './identity-errors.ts';

/**
 * One identity call at a time, as every auth form and account modal makes them: busy while it runs, its failure
 * in the provider's words, and the last error and notice cleared when the next call starts.
 */
export function useIdentityAction(initialError: string | null = null) {
  const [error, setError] = useState<string | null>(initialError);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(identityErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, notice, setNotice, run };
}
