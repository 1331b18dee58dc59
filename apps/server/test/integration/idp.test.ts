import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, MemoryStorage, userPool } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

// The official client library is the judge: what it accepts against real Cognito, our /idp must accept. The rules
// behind each operation (codes, password policy, lockout, refresh and revocation, devices, challenges) are the service
// tier's (test/service/idp.test.ts); here, the protocol: the target header, errors on the wire, the client's view.
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

describe('the official client over /idp', () => {
  it('signs up, confirms and signs in with SRP; its tokens verify against the JWKS, forged ones do not', async () => {
    const email = 'eve@example.com';
    const signed = await signUp(email);
    expect(signed.userConfirmed).toBe(false);
    expect(signed.userSub).toMatch(/^[0-9a-f-]{36}$/);
    await expect(confirm(email, await lastCode(server, email))).resolves.toBe('SUCCESS');
    const { session } = await signIn(email, PASSWORD);
    expect(session.isValid()).toBe(true);
    const idPayload = session.getIdToken().decodePayload();
    expect(idPayload).toMatchObject({ sub: signed.userSub, email, token_use: 'id' });

    const issuer = `${server.config.PUBLIC_URL}/idp/${server.config.IDP_USER_POOL_ID}`;
    const jwks = createRemoteJWKSet(
      new URL(`${server.url}/idp/${server.config.IDP_USER_POOL_ID}/.well-known/jwks.json`),
    );
    const verified = await jwtVerify(session.getIdToken().getJwtToken(), jwks, {
      issuer,
      audience: server.config.IDP_CLIENT_ID,
    });
    expect(verified.payload.sub).toBe(idPayload.sub);
    await expect(jwtVerify(session.getAccessToken().getJwtToken(), jwks, { issuer })).resolves.toBeTruthy();

    const [header, payload, signature] = session.getIdToken().getJwtToken().split('.');
    const forged = Buffer.from(JSON.stringify({ ...idPayload, email: 'admin@example.com' })).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, jwks, { issuer })).rejects.toThrow();
    await expect(
      jwtVerify(`${header}.${payload}.${signature}`, jwks, { issuer, audience: 'another-client' }),
    ).rejects.toThrow();
  });

  it("hands the client Cognito's error type and message for a refusal", async () => {
    const wrong = await signIn('eve@example.com', 'Wrong-pass-1!').catch((e: CognitoFailure) => e);
    expect(wrong).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('reads the user, refreshes, and signs out everywhere; a revoked token is answered on the wire', async () => {
    const { user, session } = await signIn('eve@example.com', PASSWORD);
    const attributes = await new Promise<CognitoUserAttribute[]>((resolve, reject) =>
      user.getUserAttributes((err, result) => (err || !result ? reject(err) : resolve(result))),
    );
    expect(attributes.find((a) => a.getName() === 'email')?.getValue()).toBe('eve@example.com');

    const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.refreshSession(session.getRefreshToken(), (err, result) => (err ? reject(err) : resolve(result))),
    );
    expect(refreshed.getIdToken().decodePayload().sub).toBe(session.getIdToken().decodePayload().sub);

    // The refused refresh after it is the service tier's: the client retries a failed refresh for seconds.
    await new Promise<void>((resolve, reject) => user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }));
    const getUser = await server.api('/idp', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: refreshed.getAccessToken().getJwtToken() }),
    });
    expect(getUser.status).toBe(400);
    expect(getUser.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:');
    expect(await body(getUser)).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
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
