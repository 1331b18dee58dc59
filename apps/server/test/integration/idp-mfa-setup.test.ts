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
import { body, startTestServer, type TestServer } from '../harness.ts';

const PASSWORD = 'Earnings-2026!';

async function register(server: TestServer, pool: CognitoUserPool, email: string) {
  await new Promise((resolve, reject) =>
    pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );
  const code = await lastCode(server, email);
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  await new Promise((resolve, reject) => user.confirmRegistration(code, true, (e, r) => (e ? reject(e) : resolve(r))));
}

interface Seen {
  challenges: string[];
  parameters: unknown[];
  secret?: string;
}

/**
 * Signs in with the official client, answering MFA_SETUP as an app does: associate an authenticator with the
 * session, verify its first code, and the client finishes the challenge itself.
 */
function signIn(pool: CognitoUserPool, email: string, seen: Seen, options: { wrongCode?: boolean } = {}) {
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  return new Promise<CognitoUserSession>((resolve, reject) => {
    const callbacks = {
      onSuccess: resolve,
      onFailure: reject,
      mfaSetup: (name: string, parameters: unknown) => {
        seen.challenges.push(name);
        seen.parameters.push(parameters);
        user.associateSoftwareToken({
          associateSecretCode: async (secret: string) => {
            seen.secret = secret;
            const code = options.wrongCode ? '000000' : await generate({ secret });
            user.verifySoftwareToken(code, 'My phone', { onSuccess: resolve, onFailure: reject });
          },
          onFailure: reject,
        });
      },
      totpRequired: async (name: string) => {
        seen.challenges.push(name);
        user.sendMFACode(await generate({ secret: seen.secret ?? '' }), callbacks, 'SOFTWARE_TOKEN_MFA');
      },
    };
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), callbacks);
  });
}

const cognito = (server: TestServer, operation: string, payload: unknown) =>
  server.api('/idp', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(payload),
  });

describe('pool MFA ON: the MFA_SETUP challenge', () => {
  let server: TestServer;
  let pool: CognitoUserPool;
  beforeAll(async () => {
    server = await startTestServer({ IDP_MFA_CONFIGURATION: 'ON' });
    pool = userPool(server);
  });
  afterAll(async () => server?.close());

  it('makes a user without MFA set up an authenticator before signing in, then asks for it', async () => {
    await register(server, pool, 'nia@example.com');
    const seen: Seen = { challenges: [], parameters: [] };
    const session = await signIn(pool, 'nia@example.com', seen);
    expect(seen.challenges).toEqual(['MFA_SETUP']);
    expect(seen.parameters).toEqual([{ MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' }]);
    expect(session.isValid()).toBe(true);
    const me = await server.api('/api/core/users/me', {
      headers: {
        authorization: `Bearer ${session.getIdToken().getJwtToken()}`,
        'x-access-token': session.getAccessToken().getJwtToken(),
      },
    });
    expect(me.status).toBe(200);
    // The authenticator is now the user's factor: the next sign-in asks for its code.
    const next: Seen = { challenges: [], parameters: [], secret: seen.secret };
    await signIn(pool, 'nia@example.com', next);
    expect(next.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('refuses a wrong first code and does not sign in', async () => {
    await register(server, pool, 'omar@example.com');
    const seen: Seen = { challenges: [], parameters: [] };
    await expect(signIn(pool, 'omar@example.com', seen, { wrongCode: true })).rejects.toMatchObject({
      code: 'EnableSoftwareTokenMFAException',
    });
    // Still no factor: the challenge comes again.
    const again: Seen = { challenges: [], parameters: [] };
    await signIn(pool, 'omar@example.com', again);
    expect(again.challenges).toEqual(['MFA_SETUP']);
  });

  it('refuses to finish MFA_SETUP without a verified factor, or with a session it did not seal', async () => {
    await register(server, pool, 'pia@example.com');
    const start = await cognito(server, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: server.config.IDP_CLIENT_ID,
      AuthParameters: { USERNAME: 'pia@example.com', PASSWORD },
    });
    const challenge = await body(start);
    expect(challenge.ChallengeName).toBe('MFA_SETUP');
    const early = await cognito(server, 'RespondToAuthChallenge', {
      ClientId: server.config.IDP_CLIENT_ID,
      ChallengeName: 'MFA_SETUP',
      ChallengeResponses: { USERNAME: 'pia@example.com' },
      Session: challenge.Session,
    });
    expect(await body(early)).toEqual({
      __type: 'InvalidParameterException',
      message: 'MFA has not been set up for the user',
    });
    const sealed: string = challenge.Session;
    const middle = sealed.length >> 1;
    const flipped = `${sealed.slice(0, middle)}${sealed[middle] === 'A' ? 'B' : 'A'}${sealed.slice(middle + 1)}`;
    const forged = await cognito(server, 'AssociateSoftwareToken', { Session: flipped });
    expect((await body(forged)).__type).toBe('NotAuthorizedException');
  });
});

describe('pool MFA OFF', () => {
  it('refuses to turn a second factor on', async () => {
    const server = await startTestServer({ IDP_MFA_CONFIGURATION: 'OFF' });
    try {
      const pool = userPool(server);
      await register(server, pool, 'quinn@example.com');
      const user = new CognitoUser({ Username: 'quinn@example.com', Pool: pool, Storage: new MemoryStorage() });
      await new Promise((resolve, reject) =>
        user.authenticateUser(new AuthenticationDetails({ Username: 'quinn@example.com', Password: PASSWORD }), {
          onSuccess: resolve,
          onFailure: reject,
        }),
      );
      const secret = await new Promise<string>((resolve, reject) =>
        user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
      );
      const code = await generate({ secret });
      await new Promise((resolve, reject) =>
        user.verifySoftwareToken(code, 'phone', { onSuccess: resolve, onFailure: reject }),
      );
      const refused = await new Promise((resolve) =>
        user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err) => resolve(err)),
      );
      expect(refused).toMatchObject({
        code: 'InvalidParameterException',
        message: 'MFA is turned off for this user pool',
      });
    } finally {
      await server.close();
    }
  });
});
