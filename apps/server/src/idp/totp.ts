import { verify } from 'otplib';

/** TOTP codes are accepted one step (30 s) either side, for clocks that drift. */
const TOTP_TOLERANCE_SECONDS = 30;

export async function totpMatches(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
  return result.valid;
}
