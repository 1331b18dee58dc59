import { describe, expect, it } from 'vitest';
import { groupSecret, otpauthUri, qrPath } from './otpauth.ts';

describe(otpauthUri.name, () => {
  it('labels the key with issuer and account and names the TOTP parameters the provider checks', () => {
    const uri = otpauthUri({ issuer: 'EarningsHub', account: 'ada+1@example.com', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri.startsWith('otpauth://totp/EarningsHub:ada%2B1%40example.com?')).toBe(true);
    const params = new URL(uri.replace('otpauth://', 'https://')).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'EarningsHub',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe(groupSecret.name, () => {
  it('splits the secret into groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('')).toBe('');
  });
});

describe(qrPath.name, () => {
  it('draws one unit square per dark module at its column and row', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
    expect(qrPath([[false]])).toBe('');
  });
});
