import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, MemoryStorage, userPool } from '../cognito-client.ts';
import { startTestServer, type TestServer } from '../harness.ts';

// Device tracking as the official client does it: ConfirmDevice after sign-in, device SRP on the next one.
let server: TestServer;
let pool: CognitoUserPool;
const PASSWORD = 'Earnings-2026!';
const EMAIL = 'quinn@example.com';
/** One browser: the client keeps its device key and secret here between sign-ins. */
const browser = new MemoryStorage();

beforeAll(async () => {
  server = await startTestServer();
  pool = userPool(server);
  await new Promise((resolve, reject) =>
    pool.signUp(EMAIL, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: EMAIL })], [], (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
  const code = await lastCode(server, EMAIL);
  await new Promise((resolve, reject) =>
    new CognitoUser({ Username: EMAIL, Pool: pool, Storage: browser }).confirmRegistration(code, true, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
});
afterAll(async () => server?.close());

interface SignedIn {
  user: CognitoUser;
  session: CognitoUserSession;
  confirmationNecessary: boolean | undefined;
  askedForTotp: boolean;
}

function signIn(totpSecret?: string) {
  const user = new CognitoUser({ Username: EMAIL, Pool: pool, Storage: browser });
  let askedForTotp = false;
  return new Promise<SignedIn>((resolve, reject) => {
    const callbacks = {
      onSuccess: (session: CognitoUserSession, confirmationNecessary?: boolean) =>
        resolve({ user, session, confirmationNecessary, askedForTotp }),
      onFailure: reject,
      totpRequired: async () => {
        askedForTotp = true;
        if (!totpSecret) return reject(new Error('TOTP asked for'));
        user.sendMFACode(await generate({ secret: totpSecret }), callbacks, 'SOFTWARE_TOKEN_MFA');
      },
    };
    user.authenticateUser(new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }), callbacks);
  });
}

type Device = { DeviceKey: string; DeviceAttributes: { Name: string; Value: string }[] };
const listDevices = (user: CognitoUser) =>
  new Promise<Device[]>((resolve, reject) =>
    user.listDevices(60, null, { onSuccess: (r: { Devices: Device[] }) => resolve(r.Devices), onFailure: reject }),
  );
const status = (device: Device | undefined) => device?.DeviceAttributes.find((a) => a.Name === 'device_status')?.Value;

describe('remembered devices', () => {
  let secret = '';

  it('confirms the device at first sign-in and lists it', async () => {
    const first = await signIn();
    expect(first.confirmationNecessary).toBe(true);
    const devices = await listDevices(first.user);
    expect(devices).toHaveLength(1);
    expect(status(devices[0])).toBe('not_remembered');
  });

  it('remembers the device, after which TOTP is not asked on it', async () => {
    const { user } = await signIn();
    await new Promise((resolve, reject) => user.setDeviceStatusRemembered({ onSuccess: resolve, onFailure: reject }));
    expect(status((await listDevices(user))[0])).toBe('remembered');

    secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    const code = await generate({ secret });
    await new Promise((resolve, reject) =>
      user.verifySoftwareToken(code, 'phone', { onSuccess: resolve, onFailure: reject }),
    );
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );

    const again = await signIn();
    expect(again.askedForTotp).toBe(false);
    expect(again.session.isValid()).toBe(true);
    expect(await listDevices(again.user)).toHaveLength(1);
  });

  it('asks for TOTP again once the device is forgotten', async () => {
    const { user } = await signIn();
    await new Promise((resolve, reject) => user.forgetDevice({ onSuccess: resolve, onFailure: reject }));
    const other = new MemoryStorage();
    const fresh = new CognitoUser({ Username: EMAIL, Pool: pool, Storage: other });
    const asked = await new Promise<boolean>((resolve, reject) =>
      fresh.authenticateUser(new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }), {
        onSuccess: () => resolve(false),
        onFailure: reject,
        totpRequired: () => resolve(true),
      }),
    );
    expect(asked).toBe(true);
    const withCode = await signIn(secret);
    expect(withCode.askedForTotp).toBe(true);
  });

  it('signs in with TOTP on a known device that is not remembered (the official client answers with the MFA session)', async () => {
    const { user } = await signIn(secret);
    expect(status((await listDevices(user))[0])).toBe('not_remembered');
    const again = await signIn(secret);
    expect(again.askedForTotp).toBe(true);
    expect(again.session.isValid()).toBe(true);
    expect(again.confirmationNecessary).toBeUndefined();
    expect(await listDevices(again.user)).toHaveLength(1);
  });
});
