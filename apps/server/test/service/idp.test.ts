/**
 * The identity provider on the service tier: its operations called as /idp dispatches them, with the client's side
 * of SRP done as the official client does it (idp-client.ts). Sign-up and confirmation codes, the password policy, SRP and
 * password sign-in, the lockout after failed attempts, refresh and revocation, forgotten and changed passwords,
 * attribute changes and their verification, account deletion, TOTP, remembered devices, passwordless and invited
 * sign-ins; and the stores of federated identities and hosted-UI codes.
 */
import { randomUUID } from 'node:crypto';
import { outbox, users } from '@eh/db';
import { MS_PER_MINUTE, SIGN_IN_LOCKOUT_MINUTES } from '@eh/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../src/idp/account.ts';
import { adminCreateUser } from '../../src/idp/challenges.ts';
import * as devices from '../../src/idp/devices.ts';
import { MAX_CODE_ATTEMPTS, MAX_FAILED_ATTEMPTS } from '../../src/idp/flow.ts';
import * as q from '../../src/idp/queries.ts';
import * as auth from '../../src/idp/service.ts';
import { eachDatabase } from './context.ts';
import { type AuthAnswer, type ClientDevice, type IdpClient, idpClient, PASSWORD } from './idp-client.ts';

const INCORRECT = { type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const EXCEEDED = { type: 'NotAuthorizedException', message: 'Password attempts exceeded' };
const NO_DEVICE = { type: 'ResourceNotFoundException', message: 'Device does not exist.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A six-digit code other than `code`. */
const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

eachDatabase((service) => {
  let client: IdpClient;
  const idp = () => client.idp;
  const db = () => service().ctx.db;
  const identity = async (email: string) => {
    const user = await q.findUser(db(), { login: email });
    if (!user) throw new Error(`no identity for ${email}`);
    return user;
  };
  const attributes = async (AccessToken: string) =>
    Object.fromEntries((await auth.getUser(idp(), { AccessToken })).UserAttributes.map((a) => [a.Name, a.Value]));
  const result = (answer: AuthAnswer) => {
    if (!answer.AuthenticationResult) throw new Error(`asked ${answer.ChallengeName} instead of signing in`);
    return answer.AuthenticationResult;
  };

  /** An authenticator app set up and preferred: its secret. */
  async function withTotp(AccessToken: string) {
    const { SecretCode } = (await account.associateSoftwareToken(idp(), { AccessToken })) as { SecretCode: string };
    await account.verifySoftwareToken(idp(), { AccessToken, UserCode: await generate({ secret: SecretCode }) });
    await account.setUserMfaPreference(idp(), {
      AccessToken,
      SoftwareTokenMfaSettings: { PreferredMfa: true, Enabled: true },
    });
    return SecretCode;
  }
  const answerTotp = (email: string, asked: AuthAnswer, code: string) =>
    client.respond('SOFTWARE_TOKEN_MFA', { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code }, asked.Session);

  beforeAll(async () => {
    client = idpClient(await service().idp());
  });

  describe('sign-up and confirmation', () => {
    it('signs up unconfirmed, mails a code, and confirms with it', async () => {
      const signed = await client.signUp('ana@example.com');
      expect(signed).toEqual({
        UserConfirmed: false,
        UserSub: expect.stringMatching(UUID),
        CodeDeliveryDetails: { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      });
      expect(await q.getUser(db(), { sub: signed.UserSub })).toMatchObject({
        username: 'ana@example.com',
        status: 'UNCONFIRMED',
        emailVerified: false,
      });
      expect(await client.confirm('ana@example.com', await client.lastCode('ana@example.com'))).toEqual({});
      expect(await q.getUser(db(), { sub: signed.UserSub })).toMatchObject({
        status: 'CONFIRMED',
        emailVerified: true,
      });
    });

    it('refuses a wrong code, then a reused one, and an unknown user', async () => {
      await client.signUp('ben@example.com');
      const code = await client.lastCode('ben@example.com');
      await expect(client.confirm('ben@example.com', otherThan(code))).rejects.toMatchObject({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
      await client.confirm('ben@example.com', code);
      await expect(client.confirm('ben@example.com', code)).rejects.toMatchObject({
        type: 'NotAuthorizedException',
        message: 'User cannot be confirmed. Current status is CONFIRMED',
      });
      await expect(client.confirm('nobody@example.com', code)).rejects.toMatchObject({
        type: 'UserNotFoundException',
        message: 'Username/client id combination not found.',
      });
    });

    it('spends a code after its wrong tries; a resent code replaces the last one and confirms', async () => {
      await client.signUp('bea@example.com');
      const first = await client.lastCode('bea@example.com');
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        await expect(client.confirm('bea@example.com', otherThan(first))).rejects.toMatchObject({
          type: 'CodeMismatchException',
        });
      }
      const spent = { type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' };
      await expect(client.confirm('bea@example.com', first)).rejects.toMatchObject(spent);
      const resend = () =>
        auth.resendConfirmationCode(idp(), { ClientId: client.ClientId, Username: 'bea@example.com' });
      expect(await resend()).toEqual({
        CodeDeliveryDetails: { Destination: 'b***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      });
      const second = await client.lastCode('bea@example.com');
      await resend();
      const third = await client.lastCode('bea@example.com');
      if (second !== third) {
        await expect(client.confirm('bea@example.com', second)).rejects.toMatchObject({
          type: 'CodeMismatchException',
        });
      }
      expect(await client.confirm('bea@example.com', third)).toEqual({});
      await expect(resend()).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: 'User is already confirmed.',
      });
    });

    it('refuses a weak password, a taken username, and an email another account has verified', async () => {
      await expect(client.signUp('cy@example.com', 'password')).rejects.toMatchObject({
        type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password must have uppercase characters',
      });
      for (const [password, problem] of [
        ['Short-1', 'Password not long enough'],
        ['NOLOWER-123', 'Password must have lowercase characters'],
        ['No-digits-here', 'Password must have numeric characters'],
        ['NoSymbols123', 'Password must have symbol characters'],
      ]) {
        await expect(client.signUp('cy@example.com', password)).rejects.toMatchObject({
          type: 'InvalidPasswordException',
          message: `Password did not conform with policy: ${problem}`,
        });
      }
      expect(await q.findUser(db(), { login: 'cy@example.com' })).toBeUndefined();

      await client.signUp('dee@example.com');
      await expect(client.signUp('DEE@example.com')).rejects.toMatchObject({
        type: 'UsernameExistsException',
        message: 'User already exists',
      });
      // Another username for an email that a confirmed account owns.
      const signUpAs = (Username: string, email: string) =>
        auth.signUp(idp(), {
          ClientId: client.ClientId,
          Username,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email', Value: email }],
        });
      await expect(signUpAs('ana-again', 'ANA@example.com')).rejects.toMatchObject({
        type: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
      // An unconfirmed sign-up owns no email yet.
      await expect(signUpAs('dee-again', 'dee@example.com')).resolves.toMatchObject({ UserConfirmed: false });
    });

    it('tells a sign-up for the email of a Google account to continue with Google', async () => {
      const sub = randomUUID();
      expect(
        await q.insertUser(db(), {
          sub,
          username: 'google_1234',
          email: 'gil@example.com',
          emailVerified: true,
          status: 'EXTERNAL_PROVIDER',
          salt: '00',
          sealedVerifier: idp().sealer.seal('00'),
        }),
      ).toEqual({ sub });
      await q.linkFederatedIdentity(db(), {
        providerName: 'Google',
        providerUserId: '1234',
        sub,
        email: 'gil@example.com',
      });
      await expect(client.signUp('gil@example.com')).rejects.toMatchObject({
        type: 'UsernameExistsException',
        message:
          'An account with the given email already exists. It signs in with Google: use Continue with Google, or add a password through Forgot password.',
      });
      // The same username again stores nothing.
      expect(
        await q.insertUser(db(), {
          sub: randomUUID(),
          username: 'google_1234',
          status: 'CONFIRMED',
          salt: '00',
          sealedVerifier: '00',
        }),
      ).toBeUndefined();
    });
  });

  describe('SRP and password sign-in', () => {
    it("signs in with the right password and issues Cognito's id and access tokens and a stored refresh token", async () => {
      const sub = await client.register('eve@example.com');
      const tokens = result(await client.srpSignIn('eve@example.com', PASSWORD));
      expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: service().ctx.config.IDP_TOKEN_LIFETIME_SECONDS });
      const id = decodeJwt(tokens.IdToken);
      expect(id).toMatchObject({
        sub,
        email: 'eve@example.com',
        email_verified: true,
        token_use: 'id',
        'cognito:username': 'eve@example.com',
        iss: idp().issuer,
        aud: client.ClientId,
      });
      const access = decodeJwt(tokens.AccessToken);
      expect(access).toMatchObject({
        sub,
        token_use: 'access',
        client_id: client.ClientId,
        scope: 'aws.cognito.signin.user.admin',
        origin_jti: id.origin_jti,
      });
      expect(await q.findRefreshToken(db(), { tokenHash: idp().sealer.digest(tokens.RefreshToken) })).toMatchObject({
        sub,
        clientId: client.ClientId,
        originJti: access.origin_jti,
        revokedAt: null,
      });
    });

    it('gives the same answer for a wrong password and an unknown user, by SRP and by password', async () => {
      await client.register('fay@example.com');
      await expect(client.srpSignIn('fay@example.com', 'Wrong-pass-1!')).rejects.toMatchObject(INCORRECT);
      await expect(client.srpSignIn('nobody@example.com', PASSWORD)).rejects.toMatchObject(INCORRECT);
      await expect(client.passwordSignIn('fay@example.com', 'Wrong-pass-1!')).rejects.toMatchObject(INCORRECT);
      await expect(client.passwordSignIn('nobody@example.com', PASSWORD)).rejects.toMatchObject(INCORRECT);
    });

    it('signs in with USER_PASSWORD_AUTH too', async () => {
      await client.register('jo@example.com');
      const tokens = result(await client.passwordSignIn('JO@example.com', PASSWORD));
      expect(tokens.TokenType).toBe('Bearer');
      expect(typeof tokens.RefreshToken).toBe('string');
      expect(decodeJwt(tokens.IdToken).email).toBe('jo@example.com');
    });

    it('refuses an unconfirmed user only after the right password', async () => {
      await client.signUp('gus@example.com');
      await expect(client.srpSignIn('gus@example.com', 'Wrong-pass-1!')).rejects.toMatchObject(INCORRECT);
      await expect(client.srpSignIn('gus@example.com', PASSWORD)).rejects.toMatchObject({
        type: 'UserNotConfirmedException',
        message: 'User is not confirmed.',
      });
    });

    /** Wrong passwords until the lock: the last one gets Cognito's lockout answer, word for word. */
    async function lockOut(email: string) {
      for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
        await expect(client.srpSignIn(email, `Wrong-pass-${i}!`)).rejects.toMatchObject(INCORRECT);
      }
      await expect(client.srpSignIn(email, 'Wrong-pass-last!')).rejects.toMatchObject(EXCEEDED);
    }

    it('locks the account for SIGN_IN_LOCKOUT_MINUTES after repeated failures, then lifts the lock by itself', async () => {
      const email = 'hal@example.com';
      await client.register(email);
      const before = Date.now();
      await lockOut(email);
      const after = Date.now();
      await expect(client.srpSignIn(email, PASSWORD)).rejects.toMatchObject(EXCEEDED);
      await expect(client.passwordSignIn(email, PASSWORD)).rejects.toMatchObject(EXCEEDED);

      const locked = await identity(email);
      const until = locked.lockedUntil?.getTime() ?? 0;
      expect(until).toBeGreaterThanOrEqual(before + SIGN_IN_LOCKOUT_MINUTES * MS_PER_MINUTE);
      expect(until).toBeLessThanOrEqual(after + SIGN_IN_LOCKOUT_MINUTES * MS_PER_MINUTE);
      expect(locked.failedAttempts).toBe(0);
      // The lock's time passes: the right password signs in, with nobody's help, and clears the record.
      await q.updateUser(db(), { sub: locked.sub, set: { lockedUntil: new Date(Date.now() - 1000) } });
      result(await client.srpSignIn(email, PASSWORD));
      expect(await identity(email)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    });

    it('counts failures since the last sign-in only', async () => {
      const email = 'hugo@example.com';
      await client.register(email);
      for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
        await expect(client.passwordSignIn(email, `Wrong-pass-${i}!`)).rejects.toMatchObject(INCORRECT);
      }
      expect((await identity(email)).failedAttempts).toBe(MAX_FAILED_ATTEMPTS - 1);
      result(await client.passwordSignIn(email, PASSWORD));
      expect((await identity(email)).failedAttempts).toBe(0);
      await expect(client.passwordSignIn(email, 'Wrong-pass-again!')).rejects.toMatchObject(INCORRECT);
    });

    it('resets a forgotten password while locked, and the new password signs in at once', async () => {
      const email = 'hana@example.com';
      await client.register(email);
      await lockOut(email);
      await account.forgotPassword(idp(), { ClientId: client.ClientId, Username: email });
      const reset = await account.confirmForgotPassword(idp(), {
        ClientId: client.ClientId,
        Username: email,
        ConfirmationCode: await client.lastCode(email),
        Password: 'Brand-new-pass-9!',
      });
      expect(reset).toEqual({});
      expect((await identity(email)).lockedUntil).toBeNull();
      result(await client.srpSignIn(email, 'Brand-new-pass-9!'));
    });
  });

  describe('sessions', () => {
    const refresh = (RefreshToken: string) =>
      auth.initiateAuth(idp(), {
        ClientId: client.ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      }) as Promise<AuthAnswer>;
    const revoked = { type: 'NotAuthorizedException', message: 'Access Token has been revoked' };
    const invalidRefresh = { type: 'NotAuthorizedException', message: 'Invalid Refresh Token' };

    it('reads the user, refreshes in the same family, and global sign-out ends refresh and access', async () => {
      const sub = await client.register('ivy@example.com');
      const tokens = await client.tokens('ivy@example.com');
      expect(await auth.getUser(idp(), { AccessToken: tokens.AccessToken })).toEqual({
        Username: 'ivy@example.com',
        UserAttributes: [
          { Name: 'sub', Value: sub },
          { Name: 'email', Value: 'ivy@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
        UserMFASettingList: [],
      });

      const refreshed = await refresh(tokens.RefreshToken);
      expect(refreshed.ChallengeParameters).toEqual({});
      const access = result(refreshed).AccessToken;
      expect(decodeJwt(access)).toMatchObject({ sub, origin_jti: decodeJwt(tokens.AccessToken).origin_jti });
      expect(result(refreshed).RefreshToken).toBeUndefined();

      expect(await auth.globalSignOut(idp(), { AccessToken: access })).toEqual({});
      await expect(refresh(tokens.RefreshToken)).rejects.toMatchObject(invalidRefresh);
      await expect(auth.getUser(idp(), { AccessToken: access })).rejects.toMatchObject(revoked);
      await expect(auth.getUser(idp(), { AccessToken: tokens.AccessToken })).rejects.toMatchObject(revoked);
      expect(await q.isOriginRevoked(db(), { originJti: String(decodeJwt(access).origin_jti) })).toBe(true);
      // A new sign-in is a new family, untouched.
      const again = await client.tokens('ivy@example.com');
      expect((await auth.getUser(idp(), { AccessToken: again.AccessToken })).Username).toBe('ivy@example.com');
    });

    it('revokes one sign-in with its refresh token, leaves the others, and answers an unknown token alike', async () => {
      await client.register('ike@example.com');
      const [phone, laptop] = [await client.tokens('ike@example.com'), await client.tokens('ike@example.com')];
      const revoke = (Token: string) => auth.revokeToken(idp(), { ClientId: client.ClientId, Token });
      expect(await revoke(phone.RefreshToken)).toEqual({});
      await expect(refresh(phone.RefreshToken)).rejects.toMatchObject(invalidRefresh);
      await expect(auth.getUser(idp(), { AccessToken: phone.AccessToken })).rejects.toMatchObject(revoked);
      expect(result(await refresh(laptop.RefreshToken)).TokenType).toBe('Bearer');
      expect(await revoke('not-a-token-we-issued')).toEqual({});
      await expect(refresh('not-a-token-we-issued')).rejects.toMatchObject(invalidRefresh);
      await expect(auth.getUser(idp(), { AccessToken: 'not.a.token' })).rejects.toMatchObject({
        type: 'NotAuthorizedException',
        message: 'Invalid Access Token',
      });
    });
  });

  describe('account changes', () => {
    it('mails a code for a forgotten password and sets the new one with it; the old one stops working', async () => {
      await client.register('kim@example.com');
      const delivery = await account.forgotPassword(idp(), { ClientId: client.ClientId, Username: 'kim@example.com' });
      expect(delivery).toEqual({
        CodeDeliveryDetails: { Destination: 'k***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      });
      const confirm = (code: string, Password: string) =>
        account.confirmForgotPassword(idp(), {
          ClientId: client.ClientId,
          Username: 'kim@example.com',
          ConfirmationCode: code,
          Password,
        });
      const code = await client.lastCode('kim@example.com');
      await expect(confirm(code, 'weakpass')).rejects.toMatchObject({ type: 'InvalidPasswordException' });
      await expect(confirm(otherThan(code), 'Brand-new-pass-9')).rejects.toMatchObject({
        type: 'CodeMismatchException',
      });
      expect(await confirm(code, 'Brand-new-pass-9')).toEqual({});
      await expect(client.srpSignIn('kim@example.com', PASSWORD)).rejects.toMatchObject(INCORRECT);
      result(await client.srpSignIn('kim@example.com', 'Brand-new-pass-9'));
    });

    it('answers a forgotten password of an unknown user like a known one, and accepts no code for it', async () => {
      expect(await account.forgotPassword(idp(), { ClientId: client.ClientId, Username: 'ghost@example.com' })).toEqual(
        { CodeDeliveryDetails: { Destination: 'g***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } },
      );
      await expect(
        account.confirmForgotPassword(idp(), {
          ClientId: client.ClientId,
          Username: 'ghost@example.com',
          ConfirmationCode: '123456',
          Password: 'Brand-new-pass-9',
        }),
      ).rejects.toMatchObject({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    });

    it('gives a Google account a password of its own through a forgotten password', async () => {
      const gil = await identity('gil@example.com');
      await account.forgotPassword(idp(), { ClientId: client.ClientId, Username: 'gil@example.com' });
      await account.confirmForgotPassword(idp(), {
        ClientId: client.ClientId,
        Username: 'gil@example.com',
        ConfirmationCode: await client.lastCode('gil@example.com'),
        Password: 'Own-password-1',
      });
      expect((await q.getUser(db(), { sub: gil.sub }))?.status).toBe('CONFIRMED');
      expect(decodeJwt(result(await client.srpSignIn('gil@example.com', 'Own-password-1')).IdToken).sub).toBe(gil.sub);
    });

    it('changes the password only with the right previous one, and only to one the policy allows', async () => {
      await client.register('lee@example.com');
      const { AccessToken } = await client.tokens('lee@example.com');
      const change = (PreviousPassword: string, ProposedPassword: string) =>
        account.changePassword(idp(), { AccessToken, PreviousPassword, ProposedPassword });
      await expect(change('Not-the-one-1', 'Another-pass-2')).rejects.toMatchObject(INCORRECT);
      await expect(change(PASSWORD, 'another')).rejects.toMatchObject({ type: 'InvalidPasswordException' });
      expect(await change(PASSWORD, 'Another-pass-2')).toEqual({});
      await expect(client.srpSignIn('lee@example.com', PASSWORD)).rejects.toMatchObject(INCORRECT);
      result(await client.srpSignIn('lee@example.com', 'Another-pass-2'));
    });

    it('updates the email, which needs verifying, and other attributes, which it can delete', async () => {
      await client.register('max@example.com');
      const { AccessToken } = await client.tokens('max@example.com');
      const updated = await account.updateUserAttributes(idp(), {
        AccessToken,
        UserAttributes: [
          { Name: 'email', Value: 'Max.New@example.com' },
          { Name: 'name', Value: 'Max Trader' },
        ],
      });
      expect(updated).toEqual({
        CodeDeliveryDetailsList: [{ Destination: 'm***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' }],
      });
      expect(await attributes(AccessToken)).toMatchObject({
        email: 'max.new@example.com',
        email_verified: 'false',
        name: 'Max Trader',
      });
      // Unverified, the new email does not sign in; the username still does.
      expect(await q.findUser(db(), { login: 'max.new@example.com' })).toBeUndefined();
      const verify = (Code: string) =>
        account.verifyUserAttribute(idp(), { AccessToken, AttributeName: 'email', Code });
      const code = await client.lastCode('max.new@example.com');
      await expect(verify(otherThan(code))).rejects.toMatchObject({ type: 'CodeMismatchException' });
      expect(await verify(code)).toEqual({});
      expect((await attributes(AccessToken)).email_verified).toBe('true');
      expect((await q.findUser(db(), { login: 'max.new@example.com' }))?.username).toBe('max@example.com');

      expect(await account.deleteUserAttributes(idp(), { AccessToken, UserAttributeNames: ['name'] })).toEqual({});
      expect(await attributes(AccessToken)).not.toHaveProperty('name');
    });

    it('refuses to change or delete what identifies the account, and a malformed email or phone number', async () => {
      await client.register('mia@example.com');
      const { AccessToken } = await client.tokens('mia@example.com');
      const update = (Name: string, Value: string) =>
        account.updateUserAttributes(idp(), { AccessToken, UserAttributes: [{ Name, Value }] });
      const invalid = (message: string) => ({ type: 'InvalidParameterException', message });
      await expect(update('sub', randomUUID())).rejects.toMatchObject(
        invalid('Cannot modify the non-mutable attribute sub'),
      );
      await expect(update('email_verified', 'true')).rejects.toMatchObject(
        invalid('Cannot modify the non-mutable attribute email_verified'),
      );
      await expect(update('email', 'not-an-email')).rejects.toMatchObject(invalid('Invalid email address format.'));
      await expect(update('phone_number', '0123')).rejects.toMatchObject(invalid('Invalid phone number format.'));
      await expect(
        account.deleteUserAttributes(idp(), { AccessToken, UserAttributeNames: ['email'] }),
      ).rejects.toMatchObject(invalid('Cannot delete the attribute email'));
      expect(await attributes(AccessToken)).toMatchObject({ email: 'mia@example.com', email_verified: 'true' });
    });

    it('texts a code for a new phone number, verifies it, and deleting the number clears it', async () => {
      await client.register('mo@example.com');
      const { AccessToken } = await client.tokens('mo@example.com');
      const phone = '+447700900123';
      await account.updateUserAttributes(idp(), {
        AccessToken,
        UserAttributes: [{ Name: 'phone_number', Value: phone }],
      });
      expect(await attributes(AccessToken)).toMatchObject({ phone_number: phone, phone_number_verified: 'false' });
      const resent = await account.getUserAttributeVerificationCode(idp(), {
        AccessToken,
        AttributeName: 'phone_number',
      });
      expect(resent).toEqual({
        CodeDeliveryDetails: { Destination: '+*******0123', DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
      });
      await account.verifyUserAttribute(idp(), {
        AccessToken,
        AttributeName: 'phone_number',
        Code: await client.lastCode(phone),
      });
      expect((await attributes(AccessToken)).phone_number_verified).toBe('true');
      await expect(
        account.getUserAttributeVerificationCode(idp(), { AccessToken, AttributeName: 'name' }),
      ).rejects.toMatchObject({ type: 'InvalidParameterException', message: 'Attribute name cannot be verified' });
      await account.deleteUserAttributes(idp(), { AccessToken, UserAttributeNames: ['phone_number'] });
      expect(await q.findUser(db(), { login: 'mo@example.com' })).toMatchObject({
        phoneNumber: null,
        phoneNumberVerified: false,
      });
    });

    it("deletes the account with its sessions and the app's account, after which it cannot sign in", async () => {
      const sub = await client.register('ned@example.com');
      const tokens = await client.tokens('ned@example.com');
      // The app's account, made by its first signed-in call.
      await db().insert(users).values({ id: sub, email: 'ned@example.com' });
      expect(await account.deleteUser(idp(), { AccessToken: tokens.AccessToken })).toEqual({});
      expect(await q.getUser(db(), { sub })).toBeUndefined();
      expect(await db().select().from(users).where(eq(users.id, sub))).toEqual([]);
      await expect(client.srpSignIn('ned@example.com', PASSWORD)).rejects.toMatchObject(INCORRECT);
      await expect(auth.getUser(idp(), { AccessToken: tokens.AccessToken })).rejects.toMatchObject({
        type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      expect(await q.isOriginRevoked(db(), { originJti: String(decodeJwt(tokens.AccessToken).origin_jti) })).toBe(true);
    });
  });

  describe('TOTP multi-factor', () => {
    it('sets up an authenticator app, then asks for its code at sign-in', async () => {
      await client.register('oli@example.com');
      const { AccessToken } = await client.tokens('oli@example.com');
      await expect(account.verifySoftwareToken(idp(), { AccessToken, UserCode: '123456' })).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: 'Call AssociateSoftwareToken first',
      });
      const { SecretCode: secret } = (await account.associateSoftwareToken(idp(), { AccessToken })) as {
        SecretCode: string;
      };
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await expect(
        account.setUserMfaPreference(idp(), { AccessToken, SoftwareTokenMfaSettings: { Enabled: true } }),
      ).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: 'User has not verified software token mfa',
      });
      const code = await generate({ secret });
      await expect(
        account.verifySoftwareToken(idp(), { AccessToken, UserCode: otherThan(code) }),
      ).rejects.toMatchObject({ type: 'EnableSoftwareTokenMFAException', message: 'Code mismatch' });
      expect(await account.verifySoftwareToken(idp(), { AccessToken, UserCode: code })).toEqual({ Status: 'SUCCESS' });
      // Verified but not turned on: the sign-in asks nothing more.
      result(await client.srpSignIn('oli@example.com', PASSWORD));
      expect(
        await account.setUserMfaPreference(idp(), {
          AccessToken,
          SoftwareTokenMfaSettings: { PreferredMfa: true, Enabled: true },
        }),
      ).toEqual({});
      expect(await auth.getUser(idp(), { AccessToken })).toMatchObject({
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      });

      const asked = await client.srpSignIn('oli@example.com', PASSWORD);
      expect(asked).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: {} });
      expect(asked.AuthenticationResult).toBeUndefined();
      const signedIn = result(await answerTotp('oli@example.com', asked, await generate({ secret })));
      expect(decodeJwt(signedIn.IdToken).email).toBe('oli@example.com');
    });

    it('refuses a wrong TOTP code', async () => {
      await client.register('pia@example.com');
      const secret = await withTotp((await client.tokens('pia@example.com')).AccessToken);
      const asked = await client.srpSignIn('pia@example.com', PASSWORD);
      await expect(answerTotp('pia@example.com', asked, otherThan(await generate({ secret })))).rejects.toMatchObject({
        type: 'CodeMismatchException',
        message: 'Invalid code received for user',
      });
      await expect(answerTotp('pia@example.com', asked, 'abcdef')).rejects.toMatchObject({
        type: 'CodeMismatchException',
      });
    });
  });

  describe('remembered devices', () => {
    const EMAIL = 'quinn@example.com';
    let secret = '';
    /** The browser: the device it keeps between sign-ins. */
    let browser: ClientDevice;

    const confirmDevice = (AccessToken: string, device: ClientDevice) =>
      devices.confirmDevice(idp(), {
        AccessToken,
        DeviceKey: device.deviceKey,
        DeviceSecretVerifierConfig: device.verifierConfig,
        DeviceName: 'Firefox on Linux',
      });
    const list = async (AccessToken: string, Limit?: number, PaginationToken?: string) =>
      (await devices.listDevices(idp(), { AccessToken, Limit, PaginationToken })) as {
        Devices: { DeviceKey: string; DeviceAttributes: { Name: string; Value: string }[] }[];
        PaginationToken?: string;
      };
    const status = (device: { DeviceAttributes: { Name: string; Value: string }[] } | undefined) =>
      device?.DeviceAttributes.find((a) => a.Name === 'device_status')?.Value;
    /** A sign-in that does not ask for TOTP on the browser's device: the password, then the device proof. */
    async function signInOnDevice() {
      const asked = await client.srpSignIn(EMAIL, PASSWORD, browser.deviceKey);
      expect(asked).toMatchObject({ ChallengeName: 'DEVICE_SRP_AUTH', ChallengeParameters: {} });
      return result(await client.deviceProof(browser, EMAIL, asked.Session));
    }

    beforeAll(async () => {
      await client.register(EMAIL);
    });

    it('hands out a new device at the first sign-in, listed once the client confirms it', async () => {
      const first = result(await client.srpSignIn(EMAIL, PASSWORD));
      const metadata = first.NewDeviceMetadata;
      if (!metadata) throw new Error('no device handed out');
      expect(metadata.DeviceKey).toMatch(new RegExp(`^${service().ctx.config.IDP_USER_POOL_ID.split('_')[0]}_`));
      // Handed out but not confirmed: not a device yet.
      const sub = (await identity(EMAIL)).sub;
      expect(await q.getDevice(db(), { sub, deviceKey: metadata.DeviceKey })).toMatchObject({ sealedVerifier: null });
      expect((await list(first.AccessToken)).Devices).toEqual([]);
      await expect(
        devices.getDevice(idp(), { AccessToken: first.AccessToken, DeviceKey: metadata.DeviceKey }),
      ).rejects.toMatchObject(NO_DEVICE);

      browser = client.deviceSecret(metadata);
      expect(await confirmDevice(first.AccessToken, browser)).toEqual({ UserConfirmationNecessary: true });
      const listed = (await list(first.AccessToken)).Devices;
      expect(listed.map((d) => d.DeviceKey)).toEqual([browser.deviceKey]);
      expect(listed[0]?.DeviceAttributes).toEqual([
        { Name: 'device_status', Value: 'not_remembered' },
        { Name: 'device_name', Value: 'Firefox on Linux' },
      ]);
    });

    it('signs in on the device with its proof, and refuses a proof made with another secret', async () => {
      const asked = await client.srpSignIn(EMAIL, PASSWORD, browser.deviceKey);
      expect(asked.ChallengeName).toBe('DEVICE_SRP_AUTH');
      await expect(client.deviceProof(browser, EMAIL, asked.Session, 'another-random-password')).rejects.toMatchObject(
        INCORRECT,
      );
      const tokens = await signInOnDevice();
      expect(tokens.NewDeviceMetadata).toBeUndefined();
      const { Device } = await devices.getDevice(idp(), {
        AccessToken: tokens.AccessToken,
        DeviceKey: browser.deviceKey,
      });
      expect(Device.DeviceKey).toBe(browser.deviceKey);
      expect(Device.DeviceLastAuthenticatedDate).toEqual(expect.any(Number));
    });

    it('remembers the device, after which TOTP is not asked on it', async () => {
      const { AccessToken } = await signInOnDevice();
      const update = (DeviceRememberedStatus: string, DeviceKey = browser.deviceKey) =>
        devices.updateDeviceStatus(idp(), { AccessToken, DeviceKey, DeviceRememberedStatus });
      await expect(update('forever')).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: 'DeviceRememberedStatus must be remembered or not_remembered',
      });
      await expect(update('remembered', 'eu-west-1_unknown')).rejects.toMatchObject(NO_DEVICE);
      expect(await update('remembered')).toEqual({});
      expect(status((await list(AccessToken)).Devices[0])).toBe('remembered');

      secret = await withTotp(AccessToken);

      const again = await signInOnDevice();
      expect((await list(again.AccessToken)).Devices).toHaveLength(1);
      // Elsewhere the code is asked.
      expect((await client.srpSignIn(EMAIL, PASSWORD)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    });

    it('asks for TOTP again once the device is forgotten, and hands out a new device after the code', async () => {
      const { AccessToken } = await signInOnDevice();
      expect(await devices.forgetDevice(idp(), { AccessToken, DeviceKey: browser.deviceKey })).toEqual({});
      await expect(devices.forgetDevice(idp(), { AccessToken, DeviceKey: browser.deviceKey })).rejects.toMatchObject(
        NO_DEVICE,
      );
      const asked = await client.srpSignIn(EMAIL, PASSWORD, browser.deviceKey);
      expect(asked.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const tokens = result(await answerTotp(EMAIL, asked, await generate({ secret })));
      if (!tokens.NewDeviceMetadata) throw new Error('no device handed out after the code');
      browser = client.deviceSecret(tokens.NewDeviceMetadata);
      await confirmDevice(tokens.AccessToken, browser);
    });

    it('signs in with TOTP on a known device that is not remembered, with no device step after the code', async () => {
      const asked = await client.srpSignIn(EMAIL, PASSWORD, browser.deviceKey);
      expect(asked.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const answered = await answerTotp(EMAIL, asked, await generate({ secret }));
      expect(answered.ChallengeName).toBeUndefined();
      const tokens = result(answered);
      expect(tokens.NewDeviceMetadata).toBeUndefined();
      const listed = (await list(tokens.AccessToken)).Devices;
      expect(listed.map((d) => [d.DeviceKey, status(d)])).toEqual([[browser.deviceKey, 'not_remembered']]);
    });

    it('lists devices newest first, a page at a time', async () => {
      const asked = await client.srpSignIn(EMAIL, PASSWORD);
      const tokens = result(await answerTotp(EMAIL, asked, await generate({ secret })));
      if (!tokens.NewDeviceMetadata) throw new Error('no device handed out');
      const phone = client.deviceSecret(tokens.NewDeviceMetadata);
      await confirmDevice(tokens.AccessToken, phone);
      const first = await list(tokens.AccessToken, 1);
      expect(first.Devices.map((d) => d.DeviceKey)).toEqual([phone.deviceKey]);
      const second = await list(tokens.AccessToken, 1, first.PaginationToken);
      expect(second).toEqual({ Devices: [expect.objectContaining({ DeviceKey: browser.deviceKey })] });
      for (const forged of ['not-a-sealed-token', `${first.PaginationToken}x`]) {
        await expect(list(tokens.AccessToken, 1, forged)).rejects.toMatchObject({
          type: 'InvalidParameterException',
          message: 'Invalid PaginationToken',
        });
      }
      await expect(list(tokens.AccessToken, devices.LIST_DEVICES_MAX + 1)).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: `Limit must be an integer from 0 to ${devices.LIST_DEVICES_MAX}`,
      });
      expect(await q.deleteDevice(db(), { sub: (await identity(EMAIL)).sub, deviceKey: phone.deviceKey })).toBe(true);
      expect(await q.updateDevice(db(), { sub: randomUUID(), deviceKey: browser.deviceKey, set: { name: 'x' } })).toBe(
        false,
      );
    });
  });

  describe('passwordless sign-in (CUSTOM_AUTH)', () => {
    const start = (USERNAME: string) =>
      auth.initiateAuth(idp(), {
        ClientId: client.ClientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME },
      }) as Promise<AuthAnswer>;
    const answerWith = (challenge: AuthAnswer, ANSWER: string) =>
      client.respond(
        'CUSTOM_CHALLENGE',
        { USERNAME: challenge.ChallengeParameters.USERNAME, ANSWER },
        challenge.Session,
      );

    it('mails a one-time code and signs in with it', async () => {
      await client.register('rae@example.com');
      const challenge = await start('Rae@example.com');
      expect(challenge).toMatchObject({
        ChallengeName: 'CUSTOM_CHALLENGE',
        ChallengeParameters: { USERNAME: 'rae@example.com', DELIVERY_MEDIUM: 'EMAIL' },
      });
      const tokens = result(await answerWith(challenge, await client.lastCode('rae@example.com')));
      expect(decodeJwt(tokens.IdToken).email).toBe('rae@example.com');
    });

    it('refuses a wrong code, and answers unknown users the same way', async () => {
      const known = await start('rae@example.com');
      const code = await client.lastCode('rae@example.com');
      await expect(answerWith(known, otherThan(code))).rejects.toMatchObject(INCORRECT);
      const unknown = await start('Nobody@example.com');
      expect(unknown).toMatchObject({
        ChallengeName: 'CUSTOM_CHALLENGE',
        ChallengeParameters: { USERNAME: 'nobody@example.com', DELIVERY_MEDIUM: 'EMAIL' },
      });
      await expect(answerWith(unknown, '123456')).rejects.toMatchObject(INCORRECT);
    });

    it('counts wrong codes toward the lockout, as wrong passwords do, however many codes are asked for', async () => {
      await client.register('rex@example.com');
      for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
        const challenge = await start('rex@example.com');
        await expect(answerWith(challenge, otherThan(await client.lastCode('rex@example.com')))).rejects.toMatchObject(
          INCORRECT,
        );
      }
      const last = await start('rex@example.com');
      const code = await client.lastCode('rex@example.com');
      await expect(answerWith(last, otherThan(code))).rejects.toMatchObject(EXCEEDED);
      // Locked: even the right code of a fresh challenge is refused, as the right password would be.
      const fresh = await start('rex@example.com');
      await expect(answerWith(fresh, await client.lastCode('rex@example.com'))).rejects.toMatchObject(EXCEEDED);
      await expect(client.srpSignIn('rex@example.com', PASSWORD)).rejects.toMatchObject(EXCEEDED);
    });

    it('goes the SRP way when the client sends SRP_A', async () => {
      const answer = (await auth.initiateAuth(idp(), {
        ClientId: client.ClientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: 'rae@example.com', SRP_A: 'abc123', CHALLENGE_NAME: 'SRP_A' },
      })) as AuthAnswer;
      expect(answer.ChallengeName).toBe('PASSWORD_VERIFIER');
    });
  });

  describe('invited users (NEW_PASSWORD_REQUIRED)', () => {
    it('must choose a password that the policy allows at first sign-in', async () => {
      const { sub, temporaryPassword } = await adminCreateUser(idp(), { email: 'Sam@example.com' });
      expect(await q.getUser(db(), { sub })).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', emailVerified: true });
      const asked = await client.srpSignIn('sam@example.com', temporaryPassword);
      expect(asked).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
      expect(JSON.parse(asked.ChallengeParameters.userAttributes ?? '')).toEqual({ sub, email: 'sam@example.com' });
      await expect(
        client.respond('NEW_PASSWORD_REQUIRED', { USERNAME: 'sam@example.com', NEW_PASSWORD: 'short' }, asked.Session),
      ).rejects.toMatchObject({
        type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
    });

    it('signs in with the chosen password afterwards, with the attributes given', async () => {
      const { temporaryPassword } = await adminCreateUser(idp(), { email: 'tia@example.com' });
      const asked = await client.srpSignIn('tia@example.com', temporaryPassword);
      const chosen = await client.respond(
        'NEW_PASSWORD_REQUIRED',
        { USERNAME: 'tia@example.com', NEW_PASSWORD: 'Chosen-pass-7', 'userAttributes.name': 'Tia' },
        asked.Session,
      );
      result(chosen);
      await expect(client.srpSignIn('tia@example.com', temporaryPassword)).rejects.toMatchObject(INCORRECT);
      const { AccessToken } = await client.tokens('tia@example.com', 'Chosen-pass-7');
      expect(await attributes(AccessToken)).toMatchObject({ email: 'tia@example.com', name: 'Tia' });
      // The challenge is spent once the password is chosen.
      await expect(
        client.respond(
          'NEW_PASSWORD_REQUIRED',
          { USERNAME: 'tia@example.com', NEW_PASSWORD: 'Chosen-pass-8' },
          asked.Session,
        ),
      ).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Invalid session for the user.' });
    });

    it('mails the invitation unless told not to, and refuses an email already invited', async () => {
      const { temporaryPassword } = await adminCreateUser(idp(), {
        email: 'uma@example.com',
        temporaryPassword: 'Given-temp-1!',
        messageAction: 'SUPPRESS',
      });
      expect(temporaryPassword).toBe('Given-temp-1!');
      await expect(adminCreateUser(idp(), { email: 'UMA@example.com' })).rejects.toMatchObject({
        type: 'UsernameExistsException',
        message: 'User already exists',
      });
      await expect(adminCreateUser(idp(), { email: 'not-an-email' })).rejects.toMatchObject({
        type: 'InvalidParameterException',
        message: 'Invalid email address format.',
      });
      const mailed = await adminCreateUser(idp(), { email: 'vic@example.com' });
      const [uma, vic] = await Promise.all(
        ['uma@example.com', 'vic@example.com'].map((to) =>
          db().select({ subject: outbox.subject, body: outbox.body }).from(outbox).where(eq(outbox.to, to)),
        ),
      );
      expect(uma).toEqual([]);
      expect(vic).toEqual([
        {
          subject: 'You are invited',
          body: `Sign in with vic@example.com and the temporary password ${mailed.temporaryPassword}; you will choose your own.`,
        },
      ]);
    });
  });

  describe('federated identities and hosted-UI codes', () => {
    it('links a provider identity once, finds it, records its sign-ins, and lists a user’s oldest first', async () => {
      const sub = await client.register('wes@example.com');
      const link = (providerName: string, providerUserId: string) =>
        q.linkFederatedIdentity(db(), { providerName, providerUserId, sub, email: 'wes@example.com' });
      expect(await link('Google', 'g-wes')).toBe(true);
      expect(await link('Google', 'g-wes')).toBe(false);
      expect(await link('SignInWithApple', 'a-wes')).toBe(true);
      expect(await q.findFederatedIdentity(db(), { providerName: 'Google', providerUserId: 'g-wes' })).toMatchObject({
        sub,
        email: 'wes@example.com',
        lastSignInAt: null,
      });
      expect(await q.findFederatedIdentity(db(), { providerName: 'Google', providerUserId: 'a-wes' })).toBeUndefined();
      await q.touchFederatedIdentity(db(), {
        providerName: 'Google',
        providerUserId: 'g-wes',
        email: 'wes.g@example.com',
      });
      expect(await q.findFederatedIdentity(db(), { providerName: 'Google', providerUserId: 'g-wes' })).toMatchObject({
        email: 'wes.g@example.com',
        lastSignInAt: expect.any(Date),
      });
      expect((await q.federatedIdentitiesOf(db(), { sub })).map((i) => i.providerName)).toEqual([
        'Google',
        'SignInWithApple',
      ]);
      expect((await q.userByVerifiedEmail(db(), { email: ' WES@example.com ' }))?.sub).toBe(sub);
    });

    it('takes a hosted-UI code once, tells a second presentation, and sweeps codes expired over a day', async () => {
      const sub = (await identity('wes@example.com')).sub;
      const code = (codeHash: string, expiresAt: Date) =>
        q.insertOauthCode(db(), {
          codeHash,
          sub,
          clientId: client.ClientId,
          redirectUri: 'https://app.example.com/callback',
          codeChallenge: 'challenge',
          scope: 'openid email',
          expiresAt,
        });
      await code('stale', new Date(Date.now() - 2 * 86_400_000));
      await code('lately-expired', new Date(Date.now() - 3_600_000));
      await code('fresh', new Date(Date.now() + 60_000));
      const first = await q.takeOauthCode(db(), { codeHash: 'fresh' });
      expect(first).toMatchObject({ reused: false, code: { sub, scope: 'openid email', usedAt: expect.any(Date) } });
      const origin = randomUUID();
      await q.setOauthCodeOrigin(db(), { codeHash: 'fresh', originJti: origin });
      expect(await q.takeOauthCode(db(), { codeHash: 'fresh' })).toMatchObject({
        reused: true,
        code: { originJti: origin },
      });
      expect(await q.takeOauthCode(db(), { codeHash: 'never-issued' })).toBeUndefined();
      // Expiry is the exchange's to check: a code expired within the day is kept and still found.
      expect(await q.takeOauthCode(db(), { codeHash: 'stale' })).toBeUndefined();
      expect(await q.takeOauthCode(db(), { codeHash: 'lately-expired' })).toMatchObject({ reused: false });
    });
  });
});
