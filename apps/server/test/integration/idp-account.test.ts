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

// Account flows driven by the official client, as the web app will drive them.
let server: TestServer;
let pool: CognitoUserPool;
const PASSWORD = 'Earnings-2026!';
type Failure = Error & { code: string };

beforeAll(async () => {
  server = await startTestServer();
  pool = userPool(server);
});
afterAll(async () => server?.close());

const userOf = (email: string) => new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });

async function register(email: string) {
  await new Promise((resolve, reject) =>
    pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
  const code = await lastCode(server, email);
  await new Promise((resolve, reject) =>
    userOf(email).confirmRegistration(code, true, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

function signIn(email: string, password: string, totpSecret?: string) {
  const user = userOf(email);
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) => {
    const callbacks = {
      onSuccess: (session: CognitoUserSession) => resolve({ user, session }),
      onFailure: reject,
      totpRequired: async () => {
        if (!totpSecret) return reject(new Error('TOTP asked for but no secret given'));
        user.sendMFACode(await generate({ secret: totpSecret }), callbacks, 'SOFTWARE_TOKEN_MFA');
      },
    };
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), callbacks);
  });
}

const done = (resolve: (v: unknown) => void, reject: (e: unknown) => void) => (err: unknown, result?: unknown) =>
  err ? reject(err) : resolve(result);

describe('forgotten password', () => {
  it('mails a code and sets the new password with it', async () => {
    await register('kim@example.com');
    const user = userOf('kim@example.com');
    const delivery = await new Promise<{ CodeDeliveryDetails: { DeliveryMedium: string } }>((resolve, reject) =>
      user.forgotPassword({ onSuccess: resolve, onFailure: reject }),
    );
    expect(delivery.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
    const code = await lastCode(server, 'kim@example.com');
    await new Promise((resolve, reject) =>
      user.confirmPassword(code, 'Brand-new-pass-9', { onSuccess: resolve, onFailure: reject }),
    );
    await expect(signIn('kim@example.com', PASSWORD)).rejects.toMatchObject({ code: 'NotAuthorizedException' });
    await expect(signIn('kim@example.com', 'Brand-new-pass-9')).resolves.toBeTruthy();
  });

  it('answers an unknown user like a known one', async () => {
    const result = await new Promise<{ CodeDeliveryDetails: { DeliveryMedium: string } }>((resolve, reject) =>
      userOf('ghost@example.com').forgotPassword({ onSuccess: resolve, onFailure: reject }),
    );
    expect(result.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
  });
});

describe('signed-in account changes', () => {
  it('changes the password only with the right previous one', async () => {
    await register('lee@example.com');
    const { user } = await signIn('lee@example.com', PASSWORD);
    const wrong = await new Promise((resolve) => user.changePassword('Not-the-one-1', 'Another-pass-2', resolve));
    expect(wrong).toMatchObject({ code: 'NotAuthorizedException' });
    await new Promise((resolve, reject) => user.changePassword(PASSWORD, 'Another-pass-2', done(resolve, reject)));
    await expect(signIn('lee@example.com', 'Another-pass-2')).resolves.toBeTruthy();
  });

  it('updates the email, which needs verifying, and deletes other attributes', async () => {
    await register('max@example.com');
    const { user } = await signIn('max@example.com', PASSWORD);
    await new Promise((resolve, reject) =>
      user.updateAttributes(
        [
          new CognitoUserAttribute({ Name: 'email', Value: 'max.new@example.com' }),
          new CognitoUserAttribute({ Name: 'name', Value: 'Max Trader' }),
        ],
        done(resolve, reject),
      ),
    );
    const attributes = async () =>
      Object.fromEntries(
        (
          await new Promise<CognitoUserAttribute[]>((resolve, reject) =>
            user.getUserAttributes((err, r) => (err || !r ? reject(err) : resolve(r))),
          )
        ).map((a) => [a.getName(), a.getValue()]),
      );
    expect(await attributes()).toMatchObject({
      email: 'max.new@example.com',
      email_verified: 'false',
      name: 'Max Trader',
    });
    const code = await lastCode(server, 'max.new@example.com');
    await new Promise((resolve, reject) =>
      user.verifyAttribute('email', code, { onSuccess: resolve, onFailure: reject }),
    );
    expect((await attributes()).email_verified).toBe('true');
    await new Promise((resolve, reject) => user.deleteAttributes(['name'], done(resolve, reject)));
    expect(await attributes()).not.toHaveProperty('name');
  });

  it('deletes the account, after which it cannot sign in', async () => {
    await register('ned@example.com');
    const { user } = await signIn('ned@example.com', PASSWORD);
    await new Promise((resolve, reject) => user.deleteUser(done(resolve, reject)));
    await expect(signIn('ned@example.com', PASSWORD)).rejects.toMatchObject({ code: 'NotAuthorizedException' });
  });
});

describe('TOTP multi-factor', () => {
  it('sets up an authenticator app, then asks for its code at sign-in', async () => {
    await register('oli@example.com');
    const { user } = await signIn('oli@example.com', PASSWORD);
    const secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const mismatch = await new Promise((resolve) =>
      user.verifySoftwareToken('000000', 'phone', { onSuccess: () => resolve(null), onFailure: resolve }),
    );
    expect(mismatch).toMatchObject({ code: 'EnableSoftwareTokenMFAException' });
    const code = await generate({ secret });
    await new Promise((resolve, reject) =>
      user.verifySoftwareToken(code, 'phone', { onSuccess: resolve, onFailure: reject }),
    );
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, done(resolve, reject)),
    );

    await expect(signIn('oli@example.com', PASSWORD)).rejects.toThrow('TOTP asked for but no secret given');
    const { session } = await signIn('oli@example.com', PASSWORD, secret);
    expect(session.isValid()).toBe(true);
  });

  it('refuses a wrong TOTP code', async () => {
    await register('pia@example.com');
    const { user } = await signIn('pia@example.com', PASSWORD);
    const secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    const code = await generate({ secret });
    await new Promise((resolve, reject) =>
      user.verifySoftwareToken(code, 'phone', { onSuccess: resolve, onFailure: reject }),
    );
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, done(resolve, reject)),
    );
    const failure = await signIn('pia@example.com', PASSWORD, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').catch(
      (e: Failure) => e,
    );
    expect(failure).toMatchObject({ code: 'CodeMismatchException' });
  });
});
