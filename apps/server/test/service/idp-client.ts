/**
 * The identity provider's operations called as the official client calls them over /idp, without HTTP: sign-up,
 * confirmation with the mailed code, SRP sign-in and the device proof, and the answers to the challenges that follow.
 * The client's SRP maths are done here with the server's own primitives (srp.ts), in native integers: the official
 * client's helper is the judge of those primitives in srp.test.ts, and takes several times as long.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { outbox } from '@eh/db';
import { desc, eq } from 'drizzle-orm';
import type { IdpContext, Json } from '../../src/idp/flow.ts';
import * as auth from '../../src/idp/service.ts';
import { createVerifier, g, k, modPow, N, padHex, passwordX } from '../../src/idp/srp.ts';

const big = (hex: string) => BigInt(`0x${hex}`);
const hexHash = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** The client's side of one SRP exchange: its ephemeral A, and the claim it signs once the server sent B and salt. */
function srpClient() {
  let a = 0n;
  let A = 0n;
  while (A === 0n) {
    a = big(randomBytes(32).toString('hex'));
    A = modPow(g, a, N);
  }
  return {
    A: A.toString(16),
    /** PASSWORD_CLAIM_SIGNATURE: HMAC of pool (or device group), user (or device), secret block and time. */
    signature(realm: string, user: string, password: string, challenge: Record<string, string>, timestamp: string) {
      const B = big(challenge.SRP_B ?? '0');
      const u = big(hexHash(padHex(A) + padHex(B)));
      const x = passwordX(realm, user, password, challenge.SALT ?? '00');
      const S = modPow(B - k * modPow(g, x, N), a + u * x, N);
      const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
        .update(Buffer.from(padHex(S), 'hex'))
        .digest();
      const key = createHmac('sha256', prk)
        .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
        .digest()
        .subarray(0, 16);
      const message = Buffer.concat([
        Buffer.from(realm, 'utf8'),
        Buffer.from(user, 'utf8'),
        Buffer.from(challenge.SECRET_BLOCK ?? '', 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]);
      return createHmac('sha256', key).update(message).digest('base64');
    },
  };
}

export const PASSWORD = 'Earnings-2026!';

/** What InitiateAuth and RespondToAuthChallenge answer: a challenge, or the tokens. */
export interface AuthAnswer {
  ChallengeName?: string;
  ChallengeParameters: Record<string, string>;
  Session?: string;
  AuthenticationResult?: {
    IdToken: string;
    AccessToken: string;
    RefreshToken: string;
    ExpiresIn: number;
    TokenType: string;
    NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
  };
}

/** A device the client confirmed: what it keeps between sign-ins, and what it sends ConfirmDevice. */
export interface ClientDevice {
  deviceKey: string;
  groupKey: string;
  randomPassword: string;
  verifierConfig: { Salt: string; PasswordVerifier: string };
}

export type IdpClient = ReturnType<typeof idpClient>;

/** The official client's calls against `idp`, each the operation /idp dispatches to. */
export function idpClient(idp: IdpContext) {
  const ClientId = idp.config.IDP_CLIENT_ID;
  const answer = (result: Promise<unknown>) => result as Promise<AuthAnswer>;

  /** The newest code mailed (or texted) to an address, read from the outbox. */
  async function lastCode(to: string) {
    const rows = await idp.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${to}`);
    return code;
  }

  const signUp = (email: string, password = PASSWORD) =>
    auth.signUp(idp, {
      ClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    });

  const confirm = (email: string, code: string) =>
    auth.confirmSignUp(idp, { ClientId, Username: email, ConfirmationCode: code });

  /** Signed up and confirmed with the mailed code; answers the new sub. */
  async function register(email: string, password = PASSWORD) {
    const { UserSub } = await signUp(email, password);
    await confirm(email, await lastCode(email));
    return UserSub;
  }

  const respond = (ChallengeName: string, ChallengeResponses: Json, Session?: string) =>
    answer(auth.respondToAuthChallenge(idp, { ClientId, ChallengeName, ChallengeResponses, Session }));

  /** USER_SRP_AUTH through the PASSWORD_VERIFIER step, as CognitoUser.authenticateUser does it. */
  async function srpSignIn(email: string, password: string, deviceKey?: string) {
    const srp = srpClient();
    const device = deviceKey ? { DEVICE_KEY: deviceKey } : {};
    const started = await answer(
      auth.initiateAuth(idp, {
        ClientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: email, SRP_A: srp.A, ...device },
      }),
    );
    const challenge = started.ChallengeParameters;
    const userId = challenge.USER_ID_FOR_SRP ?? '';
    const timestamp = new Date().toUTCString();
    return respond('PASSWORD_VERIFIER', {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: srp.signature(idp.poolName, userId, password, challenge, timestamp),
      ...device,
    });
  }

  const passwordSignIn = (email: string, password: string) =>
    answer(
      auth.initiateAuth(idp, {
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  /** The tokens of a sign-in that asks for nothing more. */
  async function tokens(email: string, password = PASSWORD) {
    const result = (await srpSignIn(email, password)).AuthenticationResult;
    if (!result) throw new Error(`${email} was asked a challenge`);
    return result;
  }

  /**
   * What the client keeps of a new device and sends ConfirmDevice (its generateHashDevice): a random password, and
   * the salt and verifier of the device key with it in the device group.
   */
  function deviceSecret(metadata: { DeviceKey: string; DeviceGroupKey: string }): ClientDevice {
    const randomPassword = randomBytes(40).toString('base64');
    const { salt, verifier } = createVerifier(metadata.DeviceGroupKey, metadata.DeviceKey, randomPassword);
    return {
      deviceKey: metadata.DeviceKey,
      groupKey: metadata.DeviceGroupKey,
      randomPassword,
      verifierConfig: {
        Salt: Buffer.from(salt, 'hex').toString('base64'),
        PasswordVerifier: Buffer.from(padHex(big(verifier)), 'hex').toString('base64'),
      },
    };
  }

  /** DEVICE_SRP_AUTH then DEVICE_PASSWORD_VERIFIER, as CognitoUser.getDeviceResponse does it. */
  async function deviceProof(device: ClientDevice, username: string, session?: string, randomPassword?: string) {
    const srp = srpClient();
    const started = await respond(
      'DEVICE_SRP_AUTH',
      { USERNAME: username, DEVICE_KEY: device.deviceKey, SRP_A: srp.A },
      session,
    );
    const challenge = started.ChallengeParameters;
    const timestamp = new Date().toUTCString();
    const password = randomPassword ?? device.randomPassword;
    return respond(
      'DEVICE_PASSWORD_VERIFIER',
      {
        USERNAME: username,
        PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: srp.signature(device.groupKey, device.deviceKey, password, challenge, timestamp),
        DEVICE_KEY: device.deviceKey,
      },
      started.Session,
    );
  }

  return {
    idp,
    ClientId,
    lastCode,
    signUp,
    confirm,
    register,
    respond,
    srpSignIn,
    passwordSignIn,
    tokens,
    deviceSecret,
    deviceProof,
  };
}
