/**
 * SPEC §8 identity errors: each carries a code, a name, a message and optionally an HTTP status code. The code
 * comes from the response's `__type` or its `x-amzn-errortype` header (the official client reads both); a
 * request that never reached the server is 'Network error' / NetworkError. Pure: no browser, no client library.
 */
import { PASSWORD_ATTEMPTS_EXCEEDED } from '@eh/domain';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';

export interface IdentityError {
  code: string;
  name: string;
  message: string;
  statusCode?: number;
}

/** SPEC §8's error types raised by the client itself, before any call. */
export const IDENTITY_ERROR_TYPES = {
  noConfig: AUTH_MESSAGES.noConfig,
  emptyUsername: AUTH_MESSAGES.emailRequired,
  invalidUsername: AUTH_MESSAGES.invalidEmail,
  emptyPassword: AUTH_MESSAGES.passwordRequired,
  emptyCode: AUTH_MESSAGES.codeRequired,
  noMFA: AUTH_MESSAGES.noMfa,
  invalidMFA: AUTH_MESSAGES.invalidMfa,
  noUserSession: AUTH_MESSAGES.notAuthenticated,
  networkError: AUTH_MESSAGES.networkError,
} as const;
export type IdentityErrorType = keyof typeof IDENTITY_ERROR_TYPES;

export function clientError(type: IdentityErrorType): IdentityError {
  return { code: type, name: type, message: IDENTITY_ERROR_TYPES[type] };
}

export const NETWORK_ERROR: IdentityError = {
  code: 'NetworkError',
  name: 'NetworkError',
  message: AUTH_MESSAGES.networkError,
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Any failure (the client library's Error with `code`, a fetch TypeError, a string) as an IdentityError. */
export function toIdentityError(raw: unknown): IdentityError {
  if (typeof raw === 'string') return { code: 'Error', name: 'Error', message: raw };
  if (typeof raw !== 'object' || raw === null)
    return { code: 'Error', name: 'Error', message: AUTH_MESSAGES.somethingWrong };
  const error = raw as { code?: unknown; name?: unknown; message?: unknown; statusCode?: unknown };
  const message = text(error.message);
  // The client turns a failed fetch into Error('Network error'); a raw fetch failure is a TypeError.
  if (error.code === 'NetworkError' || message === AUTH_MESSAGES.networkError || raw instanceof TypeError) {
    return { ...NETWORK_ERROR };
  }
  const code = text(error.code) ?? text(error.name) ?? 'Error';
  return {
    code,
    name: text(error.name) === 'Error' ? code : (text(error.name) ?? code),
    message: message ?? code,
    ...(typeof error.statusCode === 'number' ? { statusCode: error.statusCode } : {}),
  };
}

/** A password sign-in refused because wrong passwords have locked the account for a while. */
export function isPasswordAttemptsExceeded(raw: unknown): boolean {
  const error = toIdentityError(raw);
  return error.code === 'NotAuthorizedException' && error.message === PASSWORD_ATTEMPTS_EXCEEDED;
}

/**
 * What to show for a failure: SPEC's 'Network error'; for the lockout, how long it lasts and the way out;
 * otherwise the provider's own message.
 */
export function identityErrorMessage(raw: unknown): string {
  if (isPasswordAttemptsExceeded(raw)) return AUTH_MESSAGES.passwordAttemptsExceeded;
  return toIdentityError(raw).message;
}

/** The identity provider no longer knows the device this browser cached (it was forgotten elsewhere). */
export function isDeviceNotFound(raw: unknown): boolean {
  const error = toIdentityError(raw);
  return error.code === 'ResourceNotFoundException' && /device/i.test(error.message);
}

/** A refresh refused because the refresh token is revoked, expired or unknown: the cached user is cleared. */
export function isNotAuthorized(raw: unknown): boolean {
  return toIdentityError(raw).code === 'NotAuthorizedException';
}

/**
 * SPEC §8: on device-not-found the cached device data is cleared and the call retried, once (a second failure
 * is a real one and goes to the caller).
 */
export async function retryWithoutDevice<T>(call: () => Promise<T>, clearDevice: () => void): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isDeviceNotFound(error)) throw error;
    clearDevice();
    return call();
  }
}
