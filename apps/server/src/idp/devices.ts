import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  checkLock,
  type IdpContext,
  type Json,
  openSession,
  record,
  sealSession,
  signedIn,
  str,
  userFromAccessToken,
} from './flow.ts';
import * as q from './queries.ts';
import { safeEqual } from './seal.ts';
import { expectedSignature, SRP_CHALLENGE_TTL_MS, serverEphemeral } from './srp.ts';

export const LIST_DEVICES_MAX = 60;

const deviceNotFound = () => new CognitoError('ResourceNotFoundException', 'Device does not exist.');

interface DeviceSrpState {
  sub: string;
  clientId: string;
  deviceKey: string;
  A: string;
  b: string;
  B: string;
  exp: number;
}

/** DEVICE_SRP_AUTH: the client proves it holds the device's secret, as it proved the password. */
export async function deviceSrpAuth(ctx: IdpContext, input: Json, clientId: string) {
  const session = openSession(ctx, input, 'device', clientId);
  const responses = record(input, 'ChallengeResponses');
  const deviceKey = str(responses, 'DEVICE_KEY');
  const A = str(responses, 'SRP_A');
  if (!/^[0-9a-f]+$/i.test(A)) throw invalidParameter('SRP_A must be hexadecimal');
  if (deviceKey !== session.deviceKey) throw notAuthorized('Invalid session for the user, session is expired.');
  const device = await q.getDevice(ctx.db, { sub: session.sub, deviceKey });
  const verifier = device?.sealedVerifier ? ctx.sealer.open(device.sealedVerifier) : null;
  if (!device?.salt || !verifier) throw deviceNotFound();
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized();
  const { b, B } = serverEphemeral(verifier);
  const state: DeviceSrpState = { sub: user.sub, clientId, deviceKey, A, b, B, exp: Date.now() + SRP_CHALLENGE_TTL_MS };
  const secretBlock = Buffer.from(ctx.sealer.seal(JSON.stringify(state)), 'base64url').toString('base64');
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    ChallengeParameters: {
      SRP_B: B,
      SALT: device.salt,
      SECRET_BLOCK: secretBlock,
      USERNAME: user.username,
      DEVICE_KEY: deviceKey,
    },
    Session: sealSession(ctx, { sub: user.sub, clientId, step: 'device', deviceKey }),
  };
}

export async function devicePasswordVerifier(ctx: IdpContext, input: Json, clientId: string) {
  const responses = record(input, 'ChallengeResponses');
  const block = str(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const opened = ctx.sealer.open(Buffer.from(block, 'base64').toString('base64url'));
  const state = opened ? (JSON.parse(opened) as DeviceSrpState) : null;
  if (!state || state.exp < Date.now() || state.clientId !== clientId) {
    throw notAuthorized('Invalid session for the user, session is expired.');
  }
  const user = await q.getUser(ctx.db, { sub: state.sub });
  const device = user ? await q.getDevice(ctx.db, { sub: state.sub, deviceKey: state.deviceKey }) : undefined;
  const verifier = device?.sealedVerifier ? ctx.sealer.open(device.sealedVerifier) : null;
  if (!user || !device || !verifier) throw deviceNotFound();
  await checkLock(user);
  const expected = expectedSignature({
    poolName: device.groupKey,
    userId: device.deviceKey,
    verifierHex: verifier,
    A: state.A,
    b: state.b,
    B: state.B,
    secretBlock: block,
    timestamp: str(responses, 'TIMESTAMP'),
  });
  if (!expected || !safeEqual(expected, str(responses, 'PASSWORD_CLAIM_SIGNATURE'))) {
    throw notAuthorized('Incorrect username or password.');
  }
  await q.updateDevice(ctx.db, {
    sub: user.sub,
    deviceKey: device.deviceKey,
    set: { lastAuthenticatedAt: new Date() },
  });
  return signedIn(ctx, user, clientId, { newDevice: false });
}

/** ConfirmDevice: stores the device's SRP salt and verifier; the user then chooses whether to remember it. */
export async function confirmDevice(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const deviceKey = str(input, 'DeviceKey');
  const config = record(input, 'DeviceSecretVerifierConfig');
  const salt = Buffer.from(str(config, 'Salt'), 'base64').toString('hex');
  const verifier = Buffer.from(str(config, 'PasswordVerifier'), 'base64').toString('hex');
  if (!salt || !verifier) throw invalidParameter('DeviceSecretVerifierConfig needs a Salt and a PasswordVerifier');
  const name = str(input, 'DeviceName', false).slice(0, 256) || null;
  const updated = await q.updateDevice(ctx.db, {
    sub: user.sub,
    deviceKey,
    set: { salt, sealedVerifier: ctx.sealer.seal(verifier), name },
  });
  if (!updated) throw deviceNotFound();
  return { UserConfirmationNecessary: true };
}

function deviceShape(device: q.IdpDevice) {
  const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : undefined);
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: [
      { Name: 'device_status', Value: device.status },
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
    ],
    DeviceCreateDate: seconds(device.createdAt),
    DeviceLastModifiedDate: seconds(device.updatedAt),
    DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedAt),
  };
}

export async function getDevice(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const device = await q.getDevice(ctx.db, { sub: user.sub, deviceKey: str(input, 'DeviceKey') });
  if (!device?.sealedVerifier) throw deviceNotFound();
  return { Device: deviceShape(device) };
}

export async function listDevices(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const limit = input.Limit ?? LIST_DEVICES_MAX;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > LIST_DEVICES_MAX) {
    throw invalidParameter(`Limit must be an integer from 0 to ${LIST_DEVICES_MAX}`);
  }
  const token = str(input, 'PaginationToken', false);
  // A token we did not seal opens to null: refused, not read as the first page.
  const opened = token ? ctx.sealer.open(token) : '0';
  if (opened === null || !/^\d+$/.test(opened)) throw invalidParameter('Invalid PaginationToken');
  const offset = Number(opened);
  const rows = await q.listDevices(ctx.db, { sub: user.sub, limit: limit + 1, offset });
  return {
    Devices: rows.slice(0, limit).map(deviceShape),
    ...(rows.length > limit ? { PaginationToken: ctx.sealer.seal(String(offset + limit)) } : {}),
  };
}

export async function forgetDevice(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  if (!(await q.deleteDevice(ctx.db, { sub: user.sub, deviceKey: str(input, 'DeviceKey') }))) throw deviceNotFound();
  return {};
}

export async function updateDeviceStatus(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const status = str(input, 'DeviceRememberedStatus');
  if (status !== 'remembered' && status !== 'not_remembered') {
    throw invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
  }
  const updated = await q.updateDevice(ctx.db, { sub: user.sub, deviceKey: str(input, 'DeviceKey'), set: { status } });
  if (!updated) throw deviceNotFound();
  return {};
}
