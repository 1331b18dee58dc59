import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserPool,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateUser } from '../../src/idp/challenges.ts';
import { lastCode, MemoryStorage, userPool } from '../cognito-client.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let pool: CognitoUserPool;
const PASSWORD = 'Earnings-2026!';

beforeAll(async () => {
  server = await startTestServer();
  pool = userPool(server);
});
afterAll(async () => server?.close());

const userOf = (email: string) => new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });

describe('passwordless sign-in (CUSTOM_AUTH)', () => {
  it('mails a one-time code and signs in with it', async () => {
    const email = 'rae@example.com';
    await new Promise((resolve, reject) =>
      pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    const signupCode = await lastCode(server, email);
    await new Promise((resolve, reject) =>
      userOf(email).confirmRegistration(signupCode, true, (e, r) => (e ? reject(e) : resolve(r))),
    );

    const user = userOf(email);
    user.setAuthenticationFlowType('CUSTOM_AUTH');
    const session = await new Promise<unknown>((resolve, reject) => {
      const callbacks = {
        onSuccess: resolve,
        onFailure: reject,
        customChallenge: async () => {
          user.sendCustomChallengeAnswer(await lastCode(server, email), callbacks);
        },
      };
      user.initiateAuth(new AuthenticationDetails({ Username: email }), callbacks);
    });
    expect(session).toBeTruthy();
  });

  it('refuses a wrong code, and answers unknown users the same way', async () => {
    for (const email of ['rae@example.com', 'nobody@example.com']) {
      const user = userOf(email);
      user.setAuthenticationFlowType('CUSTOM_AUTH');
      const failure = await new Promise<unknown>((resolve) => {
        const callbacks = {
          onSuccess: () => resolve(null),
          onFailure: resolve,
          customChallenge: () => user.sendCustomChallengeAnswer('123456', callbacks),
        };
        user.initiateAuth(new AuthenticationDetails({ Username: email }), callbacks);
      });
      expect(failure).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  });
});

describe('invited users (NEW_PASSWORD_REQUIRED)', () => {
  it('must choose a password at first sign-in', async () => {
    const idp = server.app.idp;
    if (!idp) throw new Error('the idp role is not running');
    const { temporaryPassword } = await adminCreateUser(idp, { email: 'sam@example.com' });

    const user = userOf('sam@example.com');
    const result = await new Promise<{ userAttributes: Record<string, string> }>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: 'sam@example.com', Password: temporaryPassword }), {
        onSuccess: () => reject(new Error('signed in without choosing a password')),
        onFailure: reject,
        newPasswordRequired: (userAttributes) => resolve({ userAttributes }),
      }),
    );
    expect(result.userAttributes.email).toBe('sam@example.com');
    const weak = await new Promise<unknown>((resolve) =>
      user.completeNewPasswordChallenge('short', {}, { onSuccess: () => resolve(null), onFailure: resolve }),
    );
    expect(weak).toMatchObject({ code: 'InvalidPasswordException' });
  });

  it('signs in with the chosen password afterwards', async () => {
    const idp = server.app.idp;
    if (!idp) throw new Error('the idp role is not running');
    const { temporaryPassword } = await adminCreateUser(idp, { email: 'tia@example.com' });
    const user = userOf('tia@example.com');
    await new Promise((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: 'tia@example.com', Password: temporaryPassword }), {
        onSuccess: resolve,
        onFailure: reject,
        newPasswordRequired: () =>
          user.completeNewPasswordChallenge(
            'Chosen-pass-7',
            { name: 'Tia' },
            { onSuccess: resolve, onFailure: reject },
          ),
      }),
    );
    const again = userOf('tia@example.com');
    await expect(
      new Promise((resolve, reject) =>
        again.authenticateUser(new AuthenticationDetails({ Username: 'tia@example.com', Password: 'Chosen-pass-7' }), {
          onSuccess: resolve,
          onFailure: reject,
        }),
      ),
    ).resolves.toBeTruthy();
  });
});
