import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * SRP-6a exactly as Amazon Cognito and its official client (amazon-cognito-identity-js AuthenticationHelper) do it:
 * the RFC 5054 3072-bit group, g = 2, SHA-256 over the client's "padHex" encoding, and an HKDF-derived key.
 */
export const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;
/** How long a client has to answer an SRP challenge. */
export const SRP_CHALLENGE_TTL_MS = 3 * 60_000;

/** The client's encoding of a non-negative integer: even-length hex, with a 00 byte when the top bit is set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hexHash = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'));
const toBig = (hex: string) => BigInt(`0x${hex}`);

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

export const k = toBig(hexHash(padHex(N) + padHex(g)));

/** x = H(pad(salt) | H(poolName | userId | ":" | password)). */
export function passwordX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256Hex(`${poolName}${userId}:${password}`);
  return toBig(hexHash(padHex(toBig(saltHex)) + inner));
}

/** A new salt and verifier for a password: what the server stores instead of the password. */
export function createVerifier(poolName: string, userId: string, password: string): { salt: string; verifier: string } {
  const salt = padHex(toBig(randomBytes(16).toString('hex')));
  const verifier = modPow(g, passwordX(poolName, userId, password, salt), N);
  return { salt, verifier: verifier.toString(16) };
}

/** The server's ephemeral pair: B = k·v + g^b. */
export function serverEphemeral(verifierHex: string): { b: string; B: string } {
  const v = toBig(verifierHex);
  for (;;) {
    const b = toBig(randomBytes(32).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b: b.toString(16), B: B.toString(16) };
  }
}

function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

export interface PasswordClaim {
  poolName: string;
  userId: string;
  verifierHex: string;
  A: string;
  b: string;
  B: string;
  secretBlock: string;
  timestamp: string;
}

/**
 * The signature a client holding the right password sends back (PASSWORD_CLAIM_SIGNATURE), computed on the
 * server side from the verifier: S = (A · v^u)^b, K = HKDF(S, u), HMAC(K, pool | user | secret block | time).
 * Returns null when A is illegal (A mod N = 0 or u = 0).
 */
export function expectedSignature(claim: PasswordClaim): string | null {
  const A = toBig(claim.A);
  if (A % N === 0n) return null;
  const B = toBig(claim.B);
  const u = toBig(hexHash(padHex(A) + padHex(B)));
  if (u === 0n) return null;
  const v = toBig(claim.verifierHex);
  const S = modPow((A * modPow(v, u, N)) % N, toBig(claim.b), N);
  const key = hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
  const message = Buffer.concat([
    Buffer.from(claim.poolName, 'utf8'),
    Buffer.from(claim.userId, 'utf8'),
    Buffer.from(claim.secretBlock, 'base64'),
    Buffer.from(claim.timestamp, 'utf8'),
  ]);
  return createHmac('sha256', key).update(message).digest('base64');
}
