/**
 * Reading a JWT in the browser without verifying it (the server verifies). Shared by the auth store and the
 * public pages' small entry (src/public-entry.ts), which must not load the app to know whether someone is signed in.
 */
export interface TokenDetails {
  sub?: string;
  username?: string;
  roles?: string[];
  iat?: number;
  /** Expiry in seconds since the epoch. */
  exp: number;
  jti?: string;
}

/** Decodes a JWT's payload; null for anything malformed. */
export function decodeToken(token: string): TokenDetails | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(decodeURIComponent(escape(json))) as Partial<TokenDetails>;
    return typeof payload.exp === 'number' ? (payload as TokenDetails) : null;
  } catch {
    return null;
  }
}

/** A token is valid only while its exp lies in the future (seed section 4). */
export function isTokenValid(details: TokenDetails | null, now = Date.now()): boolean {
  return Boolean(details && details.exp * 1000 > now);
}
