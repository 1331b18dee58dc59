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
