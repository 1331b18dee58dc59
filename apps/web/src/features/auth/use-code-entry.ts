import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';

/** A form that asks for one code: what was typed, and the submit that refuses an empty one before calling on. */
export function useCodeEntry(onSubmit: (code: string) => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(AUTH_MESSAGES.codeRequired);
    setError(null);
    onSubmit(code);
  };
  return { code, setCode, error, submit };
}
