import { randomUUID } from 'node:crypto';
import { type Database, idpSigningKeys } from '@eh/db';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Sealer } from './seal.ts';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** The active RS256 key shared by every node; the first node to start creates it. */
export async function loadSigningKey(db: Database, sealer: Sealer): Promise<SigningKey> {
  const existing = await db
    .select({ kid: idpSigningKeys.kid, publicJwk: idpSigningKeys.publicJwk, sealed: idpSigningKeys.sealedPrivateJwk })
    .from(idpSigningKeys)
    .where(eq(idpSigningKeys.active, true))
    .limit(1);
  const row = existing[0];
  if (row) {
    const opened = sealer.open(row.sealed);
    if (!opened)
      throw new Error('Cannot open the identity signing key: IDP_SECRET differs from the one that sealed it');
    const privateKey = (await importJWK(JSON.parse(opened) as JWK, 'RS256')) as CryptoKey;
    return { kid: row.kid, privateKey, publicJwk: row.publicJwk };
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = await exportJWK(privateKey);
  await db
    .insert(idpSigningKeys)
    .values({
      kid,
      publicJwk: publicJwk as unknown as Record<string, string>,
      sealedPrivateJwk: sealer.seal(JSON.stringify(privateJwk)),
    })
    .onConflictDoNothing();
  return loadSigningKey(db, sealer);
}

export async function publicKeys(db: Database): Promise<JWK[]> {
  const rows = await db.select({ publicJwk: idpSigningKeys.publicJwk }).from(idpSigningKeys);
  return rows.map((row) => row.publicJwk);
}

export interface TokenClaims {
  issuer: string;
  clientId: string;
  sub: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  originJti: string;
  authTime: number;
  lifetimeSeconds: number;
  /** Granted OAuth scopes (hosted UI); the user-pool API's sign-ins get aws.cognito.signin.user.admin. */
  scope?: string | null;
  /** The hosted-UI request's nonce, echoed in the id token (OpenID Connect). */
  nonce?: string | null;
}

export const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

/** Cognito's id and access tokens (claim sets as Cognito issues them). */
export async function issueTokens(key: SigningKey, claims: TokenClaims) {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + claims.lifetimeSeconds;
  const eventId = randomUUID();
  const header = { alg: 'RS256', kid: key.kid };
  const idToken = await new SignJWT({
    email_verified: claims.emailVerified,
    'cognito:username': claims.username,
    origin_jti: claims.originJti,
    event_id: eventId,
    token_use: 'id',
    auth_time: claims.authTime,
    ...(claims.email ? { email: claims.email } : {}),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader(header)
    .setSubject(claims.sub)
    .setIssuer(claims.issuer)
    .setAudience(claims.clientId)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key.privateKey);
  const accessToken = await new SignJWT({
    client_id: claims.clientId,
    origin_jti: claims.originJti,
    event_id: eventId,
    token_use: 'access',
    scope: claims.scope ?? ADMIN_SCOPE,
    auth_time: claims.authTime,
    username: claims.username,
  })
    .setProtectedHeader(header)
    .setSubject(claims.sub)
    .setIssuer(claims.issuer)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { IdToken: idToken, AccessToken: accessToken, ExpiresIn: claims.lifetimeSeconds, TokenType: 'Bearer' };
}
