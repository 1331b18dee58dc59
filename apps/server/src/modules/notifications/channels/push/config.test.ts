/** The push and SMS variables of config.ts: each bad value, and each half-configured provider, stops the start by name. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../config.ts';

const dir = mkdtempSync(join(tmpdir(), 'eh-push-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rsaPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const account = { project_id: 'eh-test', client_email: 'sender@eh-test.iam.gserviceaccount.com', private_key: rsaPem };

const problem = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('push and SMS configuration', () => {
  it('leaves every provider off by default, with the documented hosts', () => {
    const config = loadConfig({});
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(config.FCM_SERVICE_ACCOUNT).toBeUndefined();
    expect(config.FCM_BASE_URL).toBe('https://fcm.googleapis.com');
    expect(config.APNS_HOST).toBe('https://api.push.apple.com');
    expect(config.TWILIO_BASE_URL).toBe('https://api.twilio.com');
  });

  it('reads the FCM service account as JSON or from its file, with Google’s token address by default', () => {
    const file = join(dir, 'account.json');
    writeFileSync(
      file,
      JSON.stringify({ ...account, private_key_id: 'k1', token_uri: 'https://oauth2.example/token' }),
    );
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify(account) }).FCM_SERVICE_ACCOUNT).toEqual({
      ...account,
      private_key_id: undefined,
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: file }).FCM_SERVICE_ACCOUNT?.token_uri).toBe(
      'https://oauth2.example/token',
    );
  });

  it.each([
    [
      { FCM_SERVICE_ACCOUNT: '/no/such/file.json' },
      'FCM_SERVICE_ACCOUNT: must be the service account JSON or the path of its file',
    ],
    [{ FCM_SERVICE_ACCOUNT: '{not json' }, 'FCM_SERVICE_ACCOUNT: is not valid JSON'],
    [
      { FCM_SERVICE_ACCOUNT: '{"project_id":"x"}' },
      'FCM_SERVICE_ACCOUNT: the service account has no client_email, private_key',
    ],
    [{ FCM_PROJECT_ID: 'eh-test' }, 'FCM_SERVICE_ACCOUNT: required for FCM with FCM_PROJECT_ID'],
    [{ VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY: must be the base64url P-256 public key (87 characters)'],
    [{ VAPID_SUBJECT: 'alerts@example.com' }, 'VAPID_SUBJECT: must be a mailto: address or an https:// URL'],
    [{ VAPID_PRIVATE_KEY: 'A'.repeat(43) }, 'VAPID_PUBLIC_KEY: required for web push with VAPID_PRIVATE_KEY'],
    [{ APNS_KEY_ID: 'abc' }, 'APNS_KEY_ID: must be the 10-character key id'],
    [{ APNS_PRIVATE_KEY: 'not a key' }, 'APNS_PRIVATE_KEY: must be the PEM (.p8) private key'],
    [
      { APNS_KEY_ID: 'ABC123DEFG', APNS_TOPIC: 'com.earningshub.app' },
      'APNS_TEAM_ID, APNS_PRIVATE_KEY: required for APNs with APNS_KEY_ID, APNS_TOPIC',
    ],
    [{ TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID: must be the account SID (AC followed by 32 hex digits)'],
    [{ TWILIO_FROM: '555-1234' }, 'TWILIO_FROM: must be an E.164 number (+15551234567) or a messaging service SID'],
    [
      { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` },
      'TWILIO_AUTH_TOKEN, TWILIO_FROM: required for Twilio with TWILIO_ACCOUNT_SID',
    ],
    [{ APNS_HOST: 'api.push.apple.com' }, 'APNS_HOST: Invalid URL'],
  ])('refuses %o', (env, message) => {
    expect(problem(env)).toContain(message);
  });

  it('takes an APNs key with \\n escapes, as one-line environments give it', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const config = loadConfig({
      APNS_KEY_ID: 'ABC123DEFG',
      APNS_TEAM_ID: 'TEAM123456',
      APNS_TOPIC: 'com.earningshub.app',
      APNS_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
    });
    expect(config.APNS_PRIVATE_KEY).toBe(pem);
  });
});
