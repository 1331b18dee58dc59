import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AVATAR_MAX_BYTES, ErrorCode } from '@eh/contracts';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { HttpError, notFound } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

/** The first bytes each accepted image type starts with: the declared type must match the content. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const avatarDir = (ctx: AppContext) => resolve(ctx.config.DATA_DIR, 'avatars');
const avatarFile = (ctx: AppContext, id: string) => resolve(avatarDir(ctx), id);

export async function setAvatar(ctx: AppContext, caller: Caller, dataUrl: string) {
  const match = dataUrl.match(/^data:(image\/[a-z]+);base64,(.*)$/);
  const type = match?.[1] ?? '';
  const bytes = Buffer.from(match?.[2] ?? '', 'base64');
  const invalid = (message: string) =>
    new HttpError(400, ErrorCode.validation, `body.avatar: ${message}`, [{ field: 'body.avatar', message }]);
  if (bytes.length > AVATAR_MAX_BYTES) throw invalid('must be at most 512 KB');
  if (!SIGNATURES[type]?.(bytes)) throw invalid(`content is not a ${type} image`);
  await q.ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  mkdirSync(avatarDir(ctx), { recursive: true });
  writeFileSync(avatarFile(ctx, caller.sub), Buffer.concat([Buffer.from(`${type}\n`), bytes]));
  const avatarUrl = `/api/core/users/${caller.sub}/avatar?v=${Date.now()}`;
  await q.updateUser(ctx.db, { id: caller.sub, set: { avatarUrl } });
  return { avatarUrl };
}

export function readAvatar(ctx: AppContext, id: string): { type: string; bytes: Buffer } {
  const file = avatarFile(ctx, id);
  if (!existsSync(file)) throw notFound('No avatar for this user');
  const raw = readFileSync(file);
  const split = raw.indexOf(0x0a);
  return { type: raw.subarray(0, split).toString(), bytes: raw.subarray(split + 1) };
}

export function removeAvatar(ctx: AppContext, id: string) {
  rmSync(avatarFile(ctx, id), { force: true });
}
