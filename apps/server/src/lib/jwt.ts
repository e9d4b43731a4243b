import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

export interface TokenClaims {
  sub: string;
  username: string;
  roles: string[];
  iat: number;
  exp: number;
  jti: string;
}

const ALGORITHM = 'HS256';

/** A signing key imported once: jose would import raw bytes again for every signature and verification. */
export type JwtKey = KeyObject;

/** The signing secret: JWT_SECRET, or one generated once and kept in the settings table for all instances. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<JwtKey> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  const generated = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  if (!row) throw new Error('jwt secret could not be stored');
  return createSecretKey(Buffer.from(row.value, 'utf8'));
}

export async function signToken(
  secret: JwtKey,
  user: { id: number; email: string; roles: string[] },
  ttlSeconds: number,
): Promise<{ token: string; jti: string; issuedAt: Date; expiresAt: Date }> {
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ username: user.email, roles: user.roles })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(jti)
    .sign(secret);
  return { token, jti, issuedAt: new Date(now * 1000), expiresAt: new Date((now + ttlSeconds) * 1000) };
}

/** Verifies signature (HS256 only), expiry and claim shapes; returns null for any bad token. */
export async function verifyToken(secret: JwtKey, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
    if (
      typeof payload.sub !== 'string' ||
      !/^[1-9]\d*$/.test(payload.sub) ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.iat !== 'number'
    ) {
      return null;
    }
    return payload as unknown as TokenClaims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    if (error instanceof TypeError) return null;
    throw error;
  }
}
