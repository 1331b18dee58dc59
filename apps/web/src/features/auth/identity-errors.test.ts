import { SIGN_IN_LOCKOUT_MINUTES } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import {
  clientError,
  identityErrorMessage,
  isDeviceNotFound,
  isNotAuthorized,
  isPasswordAttemptsExceeded,
  retryWithoutDevice,
  toIdentityError,
} from './identity-errors.ts';

/** The client library's errors: an Error whose code and name are the response's type. */
function libraryError(code: string, message: string, statusCode?: number) {
  return Object.assign(new Error(message), { code, name: code, ...(statusCode ? { statusCode } : {}) });
}

describe(toIdentityError.name, () => {
  it('keeps the code, name and message of a provider error, and its status when the header gave one', () => {
    expect(toIdentityError(libraryError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      code: 'NotAuthorizedException',
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(toIdentityError(libraryError('TooManyRequestsException', '429', 429)).statusCode).toBe(429);
  });

  it("maps the client's 'Network error' and a raw fetch TypeError to SPEC §8's NetworkError", () => {
    const expected = { code: 'NetworkError', name: 'NetworkError', message: 'Network error' };
    expect(toIdentityError(new Error('Network error'))).toEqual(expected);
    expect(toIdentityError(Object.assign(new Error('Network error'), { code: 'NetworkError' }))).toEqual(expected);
    expect(toIdentityError(new TypeError('Failed to fetch'))).toEqual(expected);
  });

  it('names a plain Error by its message and a bare string as its message', () => {
    expect(toIdentityError(new Error('User is not authenticated'))).toMatchObject({
      code: 'Error',
      message: 'User is not authenticated',
    });
    expect(identityErrorMessage('Cannot retrieve a new session. Please authenticate.')).toBe(
      'Cannot retrieve a new session. Please authenticate.',
    );
    expect(identityErrorMessage(null)).toBe('Something went wrong. Try again.');
  });

  it('gives the SPEC §5 message for a missing user session', () => {
    expect(clientError('noUserSession').message).toBe('User is not authenticated');
    expect(clientError('emptyPassword').message).toBe('PASSWORD parameter is required');
  });
});

describe(isPasswordAttemptsExceeded.name, () => {
  const locked = libraryError('NotAuthorizedException', 'Password attempts exceeded');

  it("recognises Cognito's lockout and nothing else", () => {
    expect(isPasswordAttemptsExceeded(locked)).toBe(true);
    expect(isPasswordAttemptsExceeded(libraryError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      false,
    );
    expect(isPasswordAttemptsExceeded(libraryError('LimitExceededException', 'Password attempts exceeded'))).toBe(
      false,
    );
    expect(isPasswordAttemptsExceeded(new Error('Network error'))).toBe(false);
  });

  it('says how long sign-in is paused and that a reset is the way out now', () => {
    expect(identityErrorMessage(locked)).toBe(
      `Too many wrong passwords. Sign-in is paused for up to ${SIGN_IN_LOCKOUT_MINUTES} minutes; try again later, or reset your password now.`,
    );
    expect(identityErrorMessage(libraryError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
  });
});

describe(isDeviceNotFound.name, () => {
  it('recognises only a ResourceNotFoundException about a device', () => {
    expect(isDeviceNotFound(libraryError('ResourceNotFoundException', 'Device does not exist.'))).toBe(true);
    expect(isDeviceNotFound(libraryError('ResourceNotFoundException', 'User pool does not exist.'))).toBe(false);
    expect(isDeviceNotFound(libraryError('NotAuthorizedException', 'Device is not trusted'))).toBe(false);
  });

  it('tells NotAuthorizedException apart', () => {
    expect(isNotAuthorized(libraryError('NotAuthorizedException', 'Invalid Refresh Token'))).toBe(true);
    expect(isNotAuthorized(new Error('Network error'))).toBe(false);
  });
});

describe(retryWithoutDevice.name, () => {
  it('clears the device data and retries once when the device is not found', async () => {
    const calls: string[] = [];
    let deviceKey: string | null = 'us-east-1_old';
    const result = await retryWithoutDevice(
      async () => {
        calls.push(deviceKey ?? 'none');
        if (deviceKey) throw libraryError('ResourceNotFoundException', 'Device does not exist.');
        return 'signed in';
      },
      () => {
        deviceKey = null;
      },
    );
    expect(result).toBe('signed in');
    expect(calls).toEqual(['us-east-1_old', 'none']);
  });

  it('does not retry other errors, and a second device failure reaches the caller', async () => {
    let attempts = 0;
    await expect(
      retryWithoutDevice(
        async () => {
          attempts++;
          throw libraryError('NotAuthorizedException', 'Incorrect username or password.');
        },
        () => {},
      ),
    ).rejects.toMatchObject({ code: 'NotAuthorizedException' });
    expect(attempts).toBe(1);

    let cleared = 0;
    await expect(
      retryWithoutDevice(
        async () => {
          throw libraryError('ResourceNotFoundException', 'Device does not exist.');
        },
        () => cleared++,
      ),
    ).rejects.toMatchObject({ code: 'ResourceNotFoundException' });
    expect(cleared).toBe(1);
  });
});
