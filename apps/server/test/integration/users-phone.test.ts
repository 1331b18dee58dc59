import { idpUsers } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const PHONE = '+12025550177';

beforeAll(async () => {
  server = await startTestServer();
  ann = await signedInUser(server, 'ann.phone@example.com');
  bob = await signedInUser(server, 'bob.phone@example.com');
});
afterAll(async () => server?.close());

const verify = (id: string, code: unknown, headers: Record<string, string> = ann.headers) =>
  server.api(`/api/core/users/${id}/verification/phone`, json({ code }, { headers }));
const sync = (id: string, headers: Record<string, string> = ann.headers) =>
  server.api(`/api/core/users/${id}/cognito`, { method: 'POST', headers });

/** The phone number set and its code texted, as the app does it through the identity provider. */
function addPhone(user: typeof ann) {
  return new Promise((resolve, reject) =>
    user.user.updateAttributes([{ Name: 'phone_number', Value: PHONE }], (e, r) => (e ? reject(e) : resolve(r))),
  );
}

describe('POST /api/core/users/{id}/verification/phone', () => {
  it('answers 401 without a token and 403 for another user', async () => {
    const anonymous = await server.api(`/api/core/users/${ann.sub}/verification/phone`, json({ code: '123456' }));
    expect(anonymous.status).toBe(401);
    const other = await verify(bob.sub, '123456');
    expect(other.status).toBe(403);
    expect(await body(other)).toEqual({ message: 'You can only change your own account', code: 'FORBIDDEN' });
  });

  it('names the field for a malformed code or id, and says when there is no phone yet', async () => {
    const malformed = await verify(ann.sub, '12ab');
    expect(malformed.status).toBe(400);
    expect((await body(malformed)).message).toBe('body.code: must be the 6-digit code');
    const badId = await verify('not-a-uuid', '123456');
    expect(badId.status).toBe(400);
    expect((await body(badId)).message).toMatch(/^path\.id: /);
    const noPhone = await verify(ann.sub, '123456');
    expect(noPhone.status).toBe(400);
    expect((await body(noPhone)).message).toBe('The account has no phone number to verify');
  });

  it('verifies the phone number with the texted code, once', async () => {
    await addPhone(ann);
    const code = await lastCode(server, PHONE);
    const wrong = await verify(ann.sub, code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).message).toBe('body.code: Invalid verification code provided, please try again.');
    const res = await verify(ann.sub, code);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ phoneNumber: PHONE, phoneNumberVerified: true });
    const [row] = await server.ctx.db.select().from(idpUsers).where(eq(idpUsers.sub, ann.sub));
    expect(row?.phoneNumberVerified).toBe(true);
    const reused = await verify(ann.sub, code);
    expect(reused.status).toBe(400);
    expect((await body(reused)).message).toBe('body.code: Invalid code provided, please request a code again.');
  });
});

describe('POST /api/core/users/{id}/cognito', () => {
  it('answers 401 without a token and 403 for another user', async () => {
    expect((await server.api(`/api/core/users/${ann.sub}/cognito`, { method: 'POST' })).status).toBe(401);
    expect((await sync(bob.sub)).status).toBe(403);
  });

  it("re-syncs the account from the identity: verified email, the identity's name, flags and providers", async () => {
    // The identity changed behind the account's back: a new verified email and a name from a provider.
    await server.ctx.db
      .update(idpUsers)
      .set({ email: 'bob.new@example.com', emailVerified: true, attributes: { name: 'Bob Builder' } })
      .where(eq(idpUsers.sub, bob.sub));
    const before = await body(await server.api('/api/core/users/me', { headers: bob.headers }));
    expect(before.email).toBe('bob.phone@example.com');
    const res = await sync(bob.sub, bob.headers);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      id: bob.sub,
      email: 'bob.new@example.com',
      name: 'Bob Builder',
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      externalProviderData: [],
    });
    const after = await body(await server.api('/api/core/users/me', { headers: bob.headers }));
    expect(after).toMatchObject({ email: 'bob.new@example.com', name: 'Bob Builder' });
  });

  it('keeps the stored email while the new one is unverified, and reports the verified phone', async () => {
    await server.ctx.db
      .update(idpUsers)
      .set({ email: 'ann.unverified@example.com', emailVerified: false })
      .where(eq(idpUsers.sub, ann.sub));
    const synced = await body(await sync(ann.sub));
    expect(synced).toMatchObject({
      email: 'ann.phone@example.com',
      emailVerified: false,
      phoneNumber: PHONE,
      phoneNumberVerified: true,
    });
  });
});
