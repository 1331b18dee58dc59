import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createAppleVerifier } from './verifier.ts';

const dir = mkdtempSync(join(tmpdir(), 'eh-apple-config-'));
const pem = join(dir, 'root.pem');
const der = join(dir, 'root.cer');
const junk = join(dir, 'junk.txt');
let APPLE: Record<string, string>;

beforeAll(() => {
  execFileSync('openssl', [
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-out',
    join(dir, 'k'),
  ]);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    join(dir, 'k'),
    '-subj',
    '/CN=Root',
    '-days',
    '1',
    '-out',
    pem,
  ]);
  execFileSync('openssl', ['x509', '-in', pem, '-outform', 'DER', '-out', der]);
  writeFileSync(junk, 'not a certificate');
  APPLE = {
    APPLE_ROOT_CERTS: `${pem}, ${der}`,
    APPLE_BUNDLE_ID: 'com.example.earningshub',
    APPLE_APP_APPLE_ID: '1234567890',
    APPLE_PRODUCT_IDS:
      'com.example.pro.monthly=earningshub_pro:monthly,com.example.plus.yearly=earningshub_plus:yearly',
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('App Store notifications configuration', () => {
  it('is off without the keys', () => {
    const config = loadConfig({});
    expect(config.APPLE_ENVIRONMENT).toEqual(['Production']);
    expect(createAppleVerifier(config)).toBeNull();
  });

  it('reads PEM and DER roots and the product map', () => {
    const config = loadConfig(APPLE);
    expect(config.APPLE_ROOT_CERTS).toHaveLength(2);
    expect(config.APPLE_ROOT_CERTS?.[1]).toEqual(readFileSync(der));
    expect(config.APPLE_PRODUCT_IDS).toEqual({
      'com.example.pro.monthly': { plan: 'earningshub_pro', interval: 'monthly' },
      'com.example.plus.yearly': { plan: 'earningshub_plus', interval: 'yearly' },
    });
    expect(createAppleVerifier(config)?.products).toEqual(config.APPLE_PRODUCT_IDS);
  });

  it('names what is missing or wrong, and never accepts the unsigned environments', () => {
    expect(() => loadConfig({ APPLE_BUNDLE_ID: 'com.example.earningshub' })).toThrow(
      'APPLE_ROOT_CERTS, APPLE_PRODUCT_IDS: required for App Store notifications with APPLE_BUNDLE_ID',
    );
    const { APPLE_APP_APPLE_ID: _, ...sandboxOnly } = APPLE;
    expect(() => loadConfig(sandboxOnly)).toThrow(
      'APPLE_APP_APPLE_ID: required for App Store notifications in Production',
    );
    expect(loadConfig({ ...sandboxOnly, APPLE_ENVIRONMENT: 'Sandbox' }).APPLE_ENVIRONMENT).toEqual(['Sandbox']);
    expect(() => loadConfig({ ...APPLE, APPLE_ENVIRONMENT: 'Xcode' })).toThrow(/APPLE_ENVIRONMENT/);
    expect(() => loadConfig({ ...APPLE, APPLE_ROOT_CERTS: join(dir, 'missing.cer') })).toThrow(/does not exist/);
    expect(() => loadConfig({ ...APPLE, APPLE_ROOT_CERTS: junk })).toThrow(/is not a DER or PEM certificate/);
    expect(() => loadConfig({ ...APPLE, APPLE_PRODUCT_IDS: 'com.example.x=free:monthly' })).toThrow(
      /APPLE_PRODUCT_IDS: "com.example.x=free:monthly" must be productId=plan:interval/,
    );
    expect(() => loadConfig({ ...APPLE, APPLE_PRODUCT_IDS: 'com.example.x=earningshub_pro:weekly' })).toThrow(
      /APPLE_PRODUCT_IDS/,
    );
  });
});
