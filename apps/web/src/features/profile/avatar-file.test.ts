import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatarFile } from './avatar-file.ts';

describe(checkAvatarFile.name, () => {
  it('accepts PNG, JPEG and WebP up to 512 KB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/webp', size: AVATAR_MAX_BYTES })).toEqual({ ok: true });
  });

  it('refuses other types and larger files with a message saying what to pick', () => {
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toEqual({
      ok: false,
      message: 'Choose a PNG, JPEG or WebP image.',
    });
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      ok: false,
      message: 'Choose an image of at most 512 KB.',
    });
  });
});
