import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, MemoryStorage, userPool } from '../cognito-client.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let pool: CognitoUserPool;
const PASSWORD = 'Earnings-2026!';
const EMAIL = 'uma@example.com';
const PHONE = '+12025550143';

beforeAll(async () => {
  server = await startTestServer();
  pool = userPool(server);
  const attributes = [
    new CognitoUserAttribute({ Name: 'email', Value: EMAIL }),
    new CognitoUserAttribute({ Name: 'phone_number', Value: PHONE }),
  ];
  await new Promise((resolve, reject) =>
    pool.signUp(EMAIL, PASSWORD, attributes, [], (e, r) => (e ? reject(e) : resolve(r))),
  );
  const code = await lastCode(server, EMAIL);
  await new Promise((resolve, reject) =>
    userOf().confirmRegistration(code, true, (e, r) => (e ? reject(e) : resolve(r))),
  );
});
afterAll(async () => server?.close());

const userOf = () => new CognitoUser({ Username: EMAIL, Pool: pool, Storage: new MemoryStorage() });

interface Steps {
  challenges: string[];
  totpSecret?: string;
  pick?: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
}

function signIn(steps: Steps) {
  const user = userOf();
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) => {
    const callbacks = {
      onSuccess: (session: CognitoUserSession) => resolve({ user, session }),
      onFailure: reject,
      mfaRequired: async (name: string) => {
        steps.challenges.push(name);
        user.sendMFACode(await lastCode(server, PHONE), callbacks, 'SMS_MFA');
      },
      totpRequired: async (name: string) => {
        steps.challenges.push(name);
        user.sendMFACode(await generate({ secret: steps.totpSecret ?? '' }), callbacks, 'SOFTWARE_TOKEN_MFA');
      },
      selectMFAType: (name: string) => {
        steps.challenges.push(name);
        user.sendMFASelectionAnswer(steps.pick ?? 'SMS_MFA', callbacks);
      },
    };
    user.authenticateUser(new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }), callbacks);
  });
}

describe('SMS multi-factor', () => {
  let totpSecret = '';

  it('needs a verified phone, then texts a code at sign-in', async () => {
    const { user } = await signIn({ challenges: [] });
    const early = await new Promise((resolve) =>
      user.setUserMfaPreference({ PreferredMfa: true, Enabled: true }, null, (err) => resolve(err)),
    );
    expect(early).toMatchObject({ code: 'InvalidParameterException' });
    await new Promise((resolve, reject) =>
      user.getAttributeVerificationCode('phone_number', {
        onSuccess: resolve,
        onFailure: reject,
        inputVerificationCode: resolve,
      }),
    );
    const code = await lastCode(server, PHONE);
    await new Promise((resolve, reject) =>
      user.verifyAttribute('phone_number', code, { onSuccess: resolve, onFailure: reject }),
    );
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference({ PreferredMfa: true, Enabled: true }, null, (e, r) => (e ? reject(e) : resolve(r))),
    );
    const steps: Steps = { challenges: [] };
    const { session } = await signIn(steps);
    expect(steps.challenges).toEqual(['SMS_MFA']);
    expect(session.isValid()).toBe(true);
  });

  it('lets the user choose when two factors are on and none is preferred', async () => {
    const { user } = await signIn({ challenges: [] });
    totpSecret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    const code = await generate({ secret: totpSecret });
    await new Promise((resolve, reject) =>
      user.verifySoftwareToken(code, 'phone', { onSuccess: resolve, onFailure: reject }),
    );
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference(
        { PreferredMfa: false, Enabled: true },
        { PreferredMfa: false, Enabled: true },
        (e, r) => (e ? reject(e) : resolve(r)),
      ),
    );
    const viaTotp: Steps = { challenges: [], totpSecret, pick: 'SOFTWARE_TOKEN_MFA' };
    await signIn(viaTotp);
    expect(viaTotp.challenges).toEqual(['SELECT_MFA_TYPE', 'SOFTWARE_TOKEN_MFA']);
    const viaSms: Steps = { challenges: [], pick: 'SMS_MFA' };
    await signIn(viaSms);
    expect(viaSms.challenges).toEqual(['SELECT_MFA_TYPE', 'SMS_MFA']);
  });

  it('reports the factors in GetUser', async () => {
    const { user } = await signIn({ challenges: [], pick: 'SMS_MFA' });
    const data = await new Promise<{ UserMFASettingList?: string[] }>((resolve, reject) =>
      user.getUserData((e, r) => (e || !r ? reject(e) : resolve(r)), { bypassCache: true }),
    );
    expect(data.UserMFASettingList?.sort()).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
  });
});
