import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './web-push.ts';

describe(applicationServerKey.name, () => {
  it('turns the base64url VAPID key into its 65 bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toMatch(/[-_]/);
    expect(applicationServerKey(key)).toEqual(bytes);
  });
});
