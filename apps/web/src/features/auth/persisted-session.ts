/**
 * The signed-in session as the browser keeps it: the auth store (./store.ts, zustand's `persist`) writes it under
 * this key. The public pages' small entry (src/public-entry.ts) reads and writes the same record, so that a login on
 * the prerendered start page hands over to the app without loading it first; store.test.ts checks that the store
 * reads what `writeStoredSession` writes.
 */
import { clearStoredData, STORAGE_PREFIX } from '../../lib/storage';
import { decodeToken, isTokenValid } from '../../lib/token';

export const AUTH_STORAGE_KEY = `${STORAGE_PREFIX}auth`;

/** The stored token while it is still valid, else null. */
export function readStoredToken(storage: Storage = localStorage): string | null {
  try {
    const record = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { state?: { token?: unknown } } | null;
    const token = record?.state?.token;
    return typeof token === 'string' && isTokenValid(decodeToken(token)) ? token : null;
  } catch {
    return null;
  }
}

/** Logged out → logged in without the app: everything stored before is cleared (seed section 4), then the token kept. */
export function writeStoredSession(token: string, storage: Storage = localStorage): boolean {
  const details = decodeToken(token);
  if (!details || !isTokenValid(details)) return false;
  clearStoredData();
  storage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ state: { token, details, valid: true, error: null }, version: 0 }),
  );
  return true;
}
