import { idpUsers } from '@eh/db';
import { MS_PER_MINUTE, SIGN_IN_LOCKOUT_MINUTES } from '@eh/domain';
import {
  AuthenticationDetails,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, MemoryStorage, userPool } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

// The official client library is the judge: what it accepts against real Cognito, our /idp must accept.
let server: TestServer;
let pool: CognitoUserPool;
const PASSWORD = 'Earnings-2026!';

beforeAll(async () => {
  server = await startTestServer();
  pool = userPool(server);
});
afterAll(async () => server?.close());

type CognitoFailure = Error & { code: string };

function signUp(email: string, password = PASSWORD) {
  return new Promise<{ userConfirmed: boolean; userSub: string }>((resolve, reject) => {
    pool.signUp(email, password, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (err, result) =>
      err || !result ? reject(err) : resolve(result),
    );
  });
}

function userOf(email: string) {
  return new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
}

function confirm(email: string, code: string) {
  return new Promise<string>((resolve, reject) =>
    userOf(email).confirmRegistration(code, true, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

function signIn(email: string, password: string) {
  const user = userOf(email);
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ user, session }),
      onFailure: reject,
    }),
  );
}

async function registered(email: string) {
  await signUp(email);
  await confirm(email, await lastCode(server, email));
  return email;
}

describe('sign-up and confirmation', () => {
  it('signs up, mails a code, and confirms with it', async () => {
    const result = await signUp('ana@example.com');
    expect(result.userConfirmed).toBe(false);
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);
    await expect(confirm('ana@example.com', await lastCode(server, 'ana@example.com'))).resolves.toBe('SUCCESS');
  });

  it('refuses a wrong code, then a reused one', async () => {
    await signUp('ben@example.com');
    const wrong = await confirm('ben@example.com', '000000').catch((e: CognitoFailure) => e);
    expect(wrong).toMatchObject({ code: 'CodeMismatchException' });
    const code = await lastCode(server, 'ben@example.com');
    await confirm('ben@example.com', code);
    const again = await confirm('ben@example.com', code).catch((e: CognitoFailure) => e);
    expect(again).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('refuses a weak password and a taken username', async () => {
    const weak = await signUp('cy@example.com', 'password').catch((e: CognitoFailure) => e);
    expect(weak).toMatchObject({ code: 'InvalidPasswordException' });
    expect((weak as Error).message).toMatch(/^Password did not conform with policy/);
    await signUp('dee@example.com');
    const taken = await signUp('DEE@example.com').catch((e: CognitoFailure) => e);
    expect(taken).toMatchObject({ code: 'UsernameExistsException' });
  });
});

describe('SRP sign-in', () => {
  it('signs in with the right password and issues tokens that verify against the JWKS', async () => {
    const email = await registered('eve@example.com');
    const { session } = await signIn(email, PASSWORD);
    expect(session.isValid()).toBe(true);
    const idPayload = session.getIdToken().decodePayload();
    expect(idPayload).toMatchObject({ email, email_verified: true, token_use: 'id', 'cognito:username': email });
    expect(session.getAccessToken().decodePayload()).toMatchObject({
      token_use: 'access',
      client_id: server.config.IDP_CLIENT_ID,
      scope: 'aws.cognito.signin.user.admin',
    });
    const issuer = `${server.config.PUBLIC_URL}/idp/${server.config.IDP_USER_POOL_ID}`;
    const jwks = createRemoteJWKSet(
      new URL(`${server.url}/idp/${server.config.IDP_USER_POOL_ID}/.well-known/jwks.json`),
    );
    const verified = await jwtVerify(session.getIdToken().getJwtToken(), jwks, {
      issuer,
      audience: server.config.IDP_CLIENT_ID,
    });
    expect(verified.payload.sub).toBe(idPayload.sub);

    const [header, payload, signature] = session.getIdToken().getJwtToken().split('.');
    const forged = Buffer.from(JSON.stringify({ ...idPayload, email: 'admin@example.com' })).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, jwks, { issuer })).rejects.toThrow();
    await expect(
      jwtVerify(`${header}.${payload}.${signature}`, jwks, { issuer, audience: 'another-client' }),
    ).rejects.toThrow();
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const email = await registered('fay@example.com');
    const wrong = await signIn(email, 'Wrong-pass-1!').catch((e: CognitoFailure) => e);
    const unknown = await signIn('nobody@example.com', PASSWORD).catch((e: CognitoFailure) => e);
    expect(wrong).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refuses an unconfirmed user only after the right password', async () => {
    await signUp('gus@example.com');
    const failure = await signIn('gus@example.com', PASSWORD).catch((e: CognitoFailure) => e);
    expect(failure).toMatchObject({ code: 'UserNotConfirmedException' });
  });

  /** Five wrong passwords; the fifth gets Cognito's lockout answer, word for word as real Cognito sends it. */
  async function lockOut(email: string) {
    for (let i = 0; i < 4; i++) await signIn(email, `Wrong-pass-${i}!`).catch(() => undefined);
    const fifth = await signIn(email, 'Wrong-pass-5!').catch((e: CognitoFailure) => e);
    expect(fifth).toMatchObject({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  }

  const lockedUntil = async (email: string) =>
    (await server.ctx.db.select({ at: idpUsers.lockedUntil }).from(idpUsers).where(eq(idpUsers.email, email)))[0]?.at;

  it('locks the account for SIGN_IN_LOCKOUT_MINUTES after repeated failures, then lifts the lock by itself', async () => {
    const email = await registered('hal@example.com');
    const before = Date.now();
    await lockOut(email);
    const after = Date.now();
    const right = await signIn(email, PASSWORD).catch((e: CognitoFailure) => e);
    expect(right).toMatchObject({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });

    const until = (await lockedUntil(email))?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + SIGN_IN_LOCKOUT_MINUTES * MS_PER_MINUTE);
    expect(until).toBeLessThanOrEqual(after + SIGN_IN_LOCKOUT_MINUTES * MS_PER_MINUTE);
    // The lock's time passes: the right password signs in, with nobody's help.
    await server.ctx.db
      .update(idpUsers)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idpUsers.email, email));
    await expect(signIn(email, PASSWORD)).resolves.toMatchObject({ session: expect.anything() });
  });

  it('resets a forgotten password while locked, and the new password signs in at once', async () => {
    const email = await registered('hana@example.com');
    await lockOut(email);
    const user = userOf(email);
    await new Promise((resolve, reject) => user.forgotPassword({ onSuccess: resolve, onFailure: reject }));
    const code = await lastCode(server, email);
    const reset = await new Promise((resolve, reject) =>
      user.confirmPassword(code, 'Brand-new-pass-9!', { onSuccess: resolve, onFailure: reject }),
    );
    expect(reset).toBe('SUCCESS');
    expect(await lockedUntil(email)).toBeNull();
    const { session } = await signIn(email, 'Brand-new-pass-9!');
    expect(session.isValid()).toBe(true);
  });
});

describe('sessions', () => {
  it('reads the user, refreshes, and global sign-out ends refresh and access', async () => {
    const email = await registered('ivy@example.com');
    const { user, session } = await signIn(email, PASSWORD);
    const attributes = await new Promise<CognitoUserAttribute[]>((resolve, reject) =>
      user.getUserAttributes((err, result) => (err || !result ? reject(err) : resolve(result))),
    );
    expect(attributes.find((a) => a.getName() === 'email')?.getValue()).toBe(email);

    const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.refreshSession(session.getRefreshToken(), (err, result) => (err ? reject(err) : resolve(result))),
    );
    expect(refreshed.getIdToken().decodePayload().sub).toBe(session.getIdToken().decodePayload().sub);

    await new Promise<void>((resolve, reject) => user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }));
    const again = userOf(email);
    const refreshFailure = await new Promise<unknown>((resolve) =>
      again.refreshSession(new CognitoRefreshToken({ RefreshToken: session.getRefreshToken().getToken() }), (err) =>
        resolve(err),
      ),
    );
    expect(refreshFailure).toMatchObject({ code: 'NotAuthorizedException' });
    const getUser = await server.api('/idp', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: refreshed.getAccessToken().getJwtToken() }),
    });
    expect(getUser.status).toBe(400);
    expect(await body(getUser)).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  });

  it('signs in with USER_PASSWORD_AUTH too', async () => {
    const email = await registered('jo@example.com');
    const res = await server.api('/idp', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: server.config.IDP_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    });
    expect(res.status).toBe(200);
    const data = await body(res);
    expect(data.AuthenticationResult.TokenType).toBe('Bearer');
    expect(typeof data.AuthenticationResult.RefreshToken).toBe('string');
  });
});

describe('protocol errors', () => {
  const call = (target: string, payload: string) =>
    server.api('/idp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body: payload,
    });

  it.each([
    ['AWSCognitoIdentityProviderService.Nope', '{}', 'UnknownOperationException'],
    ['AWSCognitoIdentityProviderService.SignUp', '{"ClientId": "x"', 'SerializationException'],
    ['AWSCognitoIdentityProviderService.SignUp', '[]', 'SerializationException'],
    [
      'AWSCognitoIdentityProviderService.SignUp',
      '{"ClientId":"someone-else","Username":"a@b.co","Password":"Earnings-2026!"}',
      'ResourceNotFoundException',
    ],
    [
      'AWSCognitoIdentityProviderService.InitiateAuth',
      '{"ClientId":"earningshub-web","AuthFlow":"MAGIC"}',
      'InvalidParameterException',
    ],
    [
      'AWSCognitoIdentityProviderService.SignUp',
      '{"ClientId":"earningshub-web","Username":42}',
      'InvalidParameterException',
    ],
  ])('%s with %s answers %s, never 500', async (target, payload, type) => {
    const res = await call(target, payload);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe(`${type}:`);
    // The official client keeps what follows '#' (AWS's front door names unknown operations com.amazon.coral.service#…).
    expect((await body(res)).__type.split('#').pop()).toBe(type);
  });
});

describe('throttling', () => {
  it('answers TooManyRequestsException once an address spends its identity calls', async () => {
    const limited = await startTestServer({ IDP_RATE_LIMIT_MAX: '3' });
    try {
      const call = () =>
        limited.api('/idp', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
          body: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: limited.config.IDP_CLIENT_ID,
            AuthParameters: { USERNAME: 'guess@example.com', PASSWORD: 'Guess-1234!' },
          }),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call()).status);
      expect(statuses).toEqual([400, 400, 400]);
      const blocked = await call();
      expect(blocked.status).toBe(429);
      expect(await body(blocked)).toEqual({ __type: 'TooManyRequestsException', message: 'Too many requests' });
    } finally {
      await limited.close();
    }
  });
});
