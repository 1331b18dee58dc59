/**
 * The VAPID key pair that signs every web push (RFC 8292). Configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) it is
 * used as given; in embedded mode it is generated into DATA_DIR on first use and kept, since every browser's
 * subscription is tied to the public key it subscribed with; elsewhere web push is off without it.
 */
import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppContext } from '../../../../kernel/context.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = 'vapid-keys.json';
const cache = new WeakMap<AppContext, VapidKeys | null>();

/** The server's VAPID keys, or null when web push is not configured (production without VAPID_*). */
export function vapidKeys(ctx: AppContext): VapidKeys | null {
  const known = cache.get(ctx);
  if (known !== undefined) return known;
  const keys = readOrCreate(ctx);
  cache.set(ctx, keys);
  return keys;
}

function readOrCreate(ctx: AppContext): VapidKeys | null {
  const { config } = ctx;
  const subject = config.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(config.PUBLIC_URL).hostname}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (ctx.database.driver !== 'pglite') return null;
  const file = resolve(config.DATA_DIR, FILE);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...saved, subject };
  }
  const generated = generateVapidKeys();
  mkdirSync(config.DATA_DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify(generated)}\n`, { mode: 0o600 });
  return { ...generated, subject };
}

/**
 * A P-256 key pair in the form web-push's `generateVAPIDKeys` gives (base64url of the 65-byte public point and the
 * 32-byte private key), made here so a start does not load web-push for it.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const padded = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(curve.getPrivateKey(), 32).toString('base64url'),
  };
}
