import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** AES-256-GCM with a key derived from the server secret: verifiers, private keys and sessions at rest. */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string | null;
  /** Keyed hash for codes and refresh tokens (stored, compared, never reversed). */
  digest(value: string): string;
}

export function createSealer(secret: string): Sealer {
  const key = createHash('sha256').update(`seal:${secret}`).digest();
  const pepper = createHash('sha256').update(`digest:${secret}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    digest(value) {
      return createHash('sha256').update(pepper).update(value).digest('base64url');
    },
  };
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The server key that seals verifiers and signing keys: configured, or generated once in embedded mode. */
export function idpSecret(dataDir: string, configured: string | undefined, embedded: boolean): string {
  if (configured) return configured;
  if (!embedded) throw new Error('IDP_SECRET is required with DATABASE_URL: every node must share it');
  const file = resolve(dataDir, 'idp-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
