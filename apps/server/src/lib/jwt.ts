import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  username: string;
  roles: string[];
  iat: number;
  exp: number;
  jti: string;
  /** When the user signed in (seconds); kept by renewals. Absent in tokens issued before sliding sessions. */
  auth_time?: number;
}

const ALGORITHM = 'HS256';

/** A signing key imported once: jose would import raw bytes again for every signature and verification. */
export type JwtKey = KeyObject;

/** The signing key: JWT_SECRET, or one generated once and kept in the settings for all instances. */
export async function resolveJwtSecret(
  configured: string | undefined,
  stored: (candidate: () => string) => Promise<string>,
): Promise<JwtKey> {
  const secret = configured ?? (await stored(() => randomBytes(48).toString('base64url')));
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signToken(
  secret: JwtKey,
  user: { id: number; email: string; roles: string[] },
  ttlSeconds: number,
  authTime?: number,
): Promise<{ token: string; jti: string; issuedAt: Date; expiresAt: Date }> {
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ username: user.email, roles: user.roles, auth_time: authTime ?? now })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(jti)
    .sign(secret);
  return { token, jti, issuedAt: new Date(now * 1000), expiresAt: new Date((now + ttlSeconds) * 1000) };
}

const HEADER_ALG = ALGORITHM;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies signature (HS256 only, with node:crypto's HMAC: jose's WebCrypto path costs an async key operation per
 * call), expiry and claim shapes; returns null for any bad token. Signing stays with jose.
 */
export function verifyToken(
  secret: JwtKey,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!SIGNATURE_PATTERN.test(signaturePart)) return null;
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = decodeJson(headerPart);
  // The algorithm is pinned; a header with critical extensions we do not understand is refused (RFC 7515 4.1.11).
  if (!header || header.alg !== HEADER_ALG || header.crit !== undefined) return null;
  const payload = decodeJson(payloadPart);
  if (
    !payload ||
    typeof payload.sub !== 'string' ||
    !/^[1-9]\d{0,9}$/.test(payload.sub) ||
    typeof payload.jti !== 'string' ||
    typeof payload.exp !== 'number' ||
    typeof payload.iat !== 'number' ||
    payload.exp <= nowSeconds ||
    (typeof payload.nbf === 'number' && payload.nbf > nowSeconds)
  ) {
    return null;
  }
  return payload as unknown as TokenClaims;
}
