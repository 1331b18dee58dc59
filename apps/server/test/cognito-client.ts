import { outbox } from '@eh/db';
import { CognitoUserPool } from 'amazon-cognito-identity-js';
import { desc, eq } from 'drizzle-orm';
import type { TestServer } from './harness.ts';

/** Storage for the official client in Node, one per user or pool, so tests share no session. */
export class MemoryStorage {
  private data = new Map<string, string>();
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

/** The official client pointed at the test server's /idp, as the web app points it at ours. */
export function userPool(server: TestServer) {
  return new CognitoUserPool({
    UserPoolId: server.config.IDP_USER_POOL_ID,
    ClientId: server.config.IDP_CLIENT_ID,
    endpoint: `${server.url}/idp`,
    Storage: new MemoryStorage(),
  });
}

/** The newest code mailed (or texted) to an address, read from the outbox the server writes. */
export async function lastCode(server: TestServer, to: string) {
  const rows = await server.ctx.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Signs up, confirms and signs in a user through the official client; returns the headers the web app sends. */
export async function signedInUser(server: TestServer, email: string, password = 'Earnings-2026!') {
  const { AuthenticationDetails, CognitoUser, CognitoUserAttribute } = await import('amazon-cognito-identity-js');
  const pool = userPool(server);
  await new Promise((resolve, reject) =>
    pool.signUp(email, password, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  const code = await lastCode(server, email);
  await new Promise((resolve, reject) => user.confirmRegistration(code, true, (e, r) => (e ? reject(e) : resolve(r))));
  const session = await new Promise<import('amazon-cognito-identity-js').CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
    }),
  );
  const idToken = session.getIdToken().getJwtToken();
  return {
    user,
    sub: session.getIdToken().decodePayload().sub as string,
    headers: { authorization: `Bearer ${idToken}`, 'x-access-token': session.getAccessToken().getJwtToken() },
  };
}
