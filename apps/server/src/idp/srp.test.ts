import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createVerifier, expectedSignature, g, modPow, N, padHex, serverEphemeral } from './srp.ts';

// The official client's own SRP helper is the judge of our server side.
const require = createRequire(import.meta.url);
const AuthenticationHelper = require('amazon-cognito-identity-js/lib/AuthenticationHelper.js').default;
const BigInteger = require('amazon-cognito-identity-js/lib/BigInteger.js').default;
const { createHmac, randomBytes } = require('node:crypto') as typeof import('node:crypto');

function clientSignature(
  pool: string,
  user: string,
  password: string,
  salt: string,
  B: string,
  secretBlock: string,
  timestamp: string,
) {
  const helper = new AuthenticationHelper(pool);
  return new Promise<{ A: string; signature: string }>((resolve, reject) => {
    helper.getLargeAValue((err: Error | null, A: { toString(radix: number): string }) => {
      if (err) return reject(err);
      helper.getPasswordAuthenticationKey(
        user,
        password,
        new BigInteger(B, 16),
        new BigInteger(salt, 16),
        (hkdfErr: Error | null, key: Uint8Array) => {
          if (hkdfErr) return reject(hkdfErr);
          const message = Buffer.concat([
            Buffer.from(pool),
            Buffer.from(user),
            Buffer.from(secretBlock, 'base64'),
            Buffer.from(timestamp),
          ]);
          const signature = createHmac('sha256', Buffer.from(key)).update(message).digest('base64');
          resolve({ A: A.toString(16), signature });
        },
      );
    });
  });
}

describe(padHex.name, () => {
  it('pads to even length and adds a zero byte when the top bit is set', () => {
    expect(padHex(0xfn)).toBe('0f');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0x1234n)).toBe('1234');
  });
});

describe(modPow.name, () => {
  it('agrees with small known values', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(g, 0n, N)).toBe(1n);
  });
});

describe(expectedSignature.name, () => {
  const pool = 'EarnHub01';
  const user = 'trader@example.com';
  const secretBlock = randomBytes(48).toString('base64');
  const timestamp = 'Sun Nov 22 9:05:07 UTC 2026';

  it("matches the official client's signature for the right password", async () => {
    const { salt, verifier } = createVerifier(pool, user, 'Correct-horse-1');
    const { b, B } = serverEphemeral(verifier);
    const client = await clientSignature(pool, user, 'Correct-horse-1', salt, B, secretBlock, timestamp);
    const expected = expectedSignature({
      poolName: pool,
      userId: user,
      verifierHex: verifier,
      A: client.A,
      b,
      B,
      secretBlock,
      timestamp,
    });
    expect(expected).toBe(client.signature);
  });

  it('differs for a wrong password', async () => {
    const { salt, verifier } = createVerifier(pool, user, 'Correct-horse-1');
    const { b, B } = serverEphemeral(verifier);
    const client = await clientSignature(pool, user, 'Wrong-horse-1', salt, B, secretBlock, timestamp);
    const expected = expectedSignature({
      poolName: pool,
      userId: user,
      verifierHex: verifier,
      A: client.A,
      b,
      B,
      secretBlock,
      timestamp,
    });
    expect(expected).not.toBe(client.signature);
  });

  it('refuses an illegal A', () => {
    const { verifier } = createVerifier(pool, user, 'Correct-horse-1');
    const { b, B } = serverEphemeral(verifier);
    const claim = { poolName: pool, userId: user, verifierHex: verifier, b, B, secretBlock, timestamp };
    expect(expectedSignature({ ...claim, A: '0' })).toBeNull();
    expect(expectedSignature({ ...claim, A: N.toString(16) })).toBeNull();
  });
});
