import type { AVATAR_TYPES as CONTRACT_AVATAR_TYPES } from '@eh/contracts';

/*
 * The contract's avatar rules, repeated because importing them at run time would bring zod into the bundle
 * (see features/feedback/feedback-form.ts); the type check keeps the list equal to the contract's.
 */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies typeof CONTRACT_AVATAR_TYPES;
/** contracts AVATAR_MAX_BYTES (512 KB). */
export const AVATAR_MAX_BYTES = 512 * 1024;

export type AvatarCheck = { ok: true } | { ok: false; message: string };

/** The checks the server makes, told before the upload. */
export function checkAvatarFile(file: { type: string; size: number }): AvatarCheck {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, message: 'Choose a PNG, JPEG or WebP image.' };
  }
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, message: 'Choose an image of at most 512 KB.' };
  return { ok: true };
}
