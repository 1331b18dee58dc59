import { outbox } from '@eh/db';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
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

function sessionHeaders(session: CognitoUserSession) {
  return {
    authorization: `Bearer ${session.getIdToken().getJwtToken()}`,
    'x-access-token': session.getAccessToken().getJwtToken(),
  };
}

async function authenticate(server: TestServer, email: string, password: string) {
  const user = new CognitoUser({ Username: email, Pool: userPool(server), Storage: new MemoryStorage() });
  const session = await new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
    }),
  );
  return { user, session };
}

/** Signs an existing user in through the official client; returns the headers the web app sends. */
export async function signIn(server: TestServer, email: string, password: string) {
  return sessionHeaders((await authenticate(server, email, password)).session);
}

/** Signs up, confirms and signs in a user through the official client. */
export async function signedInUser(server: TestServer, email: string, password = 'Earnings-2026!') {
  const pool = userPool(server);
  await new Promise((resolve, reject) =>
    pool.signUp(email, password, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );
  const code = await lastCode(server, email);
  const pending = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  await new Promise((resolve, reject) =>
    pending.confirmRegistration(code, true, (e, r) => (e ? reject(e) : resolve(r))),
  );
  const { user, session } = await authenticate(server, email, password);
  return { user, sub: session.getIdToken().decodePayload().sub as string, headers: sessionHeaders(session) };
}
