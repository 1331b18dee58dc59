/** The embedded server's own VAPID keys: made once, kept in the data folder, and keys web-push signs and encrypts with. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../../../config.ts';
import type { AppContext } from '../../../../kernel/context.ts';
import { vapidKeys } from './vapid.ts';

const dir = mkdtempSync(join(tmpdir(), 'eh-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What vapidKeys reads of a server: its configuration and which database it runs on. */
const embedded = (dataDir: string) =>
  ({ config: loadConfig({ DATA_DIR: dataDir }), database: { driver: 'pglite' } }) as unknown as AppContext;

describe(vapidKeys.name, () => {
  it('makes a P-256 pair once, keeps it in the data folder, and web-push takes it', () => {
    const keys = vapidKeys(embedded(dir));
    expect(keys).not.toBeNull();
    if (!keys) return;
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    // A later start reads the same pair back.
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    });
    expect(vapidKeys(embedded(dir))).toEqual(keys);
    const browser = webpush.generateVAPIDKeys();
    const request = webpush.generateRequestDetails(
      { endpoint: 'https://push.example/send/1', keys: { p256dh: browser.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'hello',
      { vapidDetails: keys, contentEncoding: 'aes128gcm' },
    );
    expect(request.headers.Authorization).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`));
  });
});
