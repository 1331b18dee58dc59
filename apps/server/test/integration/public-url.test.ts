import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { startTestServer, type TestServer } from '../harness.ts';

// Tokens said http://localhost:3000/idp/… whatever the port, and sign-in redirects pointed at 3000.
let onItsPort: TestServer;
let behindProxy: TestServer;

beforeAll(async () => {
  onItsPort = await startTestServer();
  behindProxy = await startTestServer({ PUBLIC_URL: 'https://earnings.example' });
});
afterAll(async () => {
  await onItsPort?.close();
  await behindProxy?.close();
});

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

describe('the public address', () => {
  it('follows the port when PUBLIC_URL is not set', () => {
    expect(onItsPort.url).not.toBe('http://localhost:3000');
    expect(onItsPort.config.PUBLIC_URL).toBe(onItsPort.url);
  });

  it.each([
    ['a server on another port', () => onItsPort, () => onItsPort.url],
    ['a server with its own PUBLIC_URL', () => behindProxy, () => 'https://earnings.example'],
  ])('%s issues tokens with its own issuer, and its API takes them', async (name, server, publicUrl) => {
    // A new member: the demo accounts exist only on the embedded database, and this suite also runs on PostgreSQL.
    const email = `issuer.${name.length}.${Date.now()}@example.com`;
    const { headers } = await signedInUser(server(), email);
    const issuer = `${publicUrl()}/idp/${server().config.IDP_USER_POOL_ID}`;
    expect(payloadOf(headers.authorization.slice('Bearer '.length)).iss).toBe(issuer);
    expect(payloadOf(headers['x-access-token']).iss).toBe(issuer);
    const me = await server().api('/api/core/users/me', { headers });
    expect(me.status).toBe(200);
    const discovery = await server().api(`/idp/${server().config.IDP_USER_POOL_ID}/.well-known/openid-configuration`);
    if (discovery.status === 200) expect(((await discovery.json()) as { issuer: string }).issuer).toBe(issuer);
  });
});
