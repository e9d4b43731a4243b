import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost as log2 of N (r=8, p=1). 15 (N=2^15, ~32 MiB, 100–300 ms per hash on this hardware) is the floor of
 * every running server (config.ts refuses less); the server's own tests hash at 10 (testConfig), because thousands
 * of registrations and logins at 15 cost minutes of CI and test nothing about the hash. A stored hash names its own
 * N, so a hash of any cost verifies (lib/password.test.ts).
 */
export const PASSWORD_COST_LOG2N = 15;
const PARAMS = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hash format: scrypt$N$r$p$salt$key (base64url). */
export async function hashPassword(password: string, costLog2N = PASSWORD_COST_LOG2N): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** costLog2N;
  const key = await derive(password, salt, { ...PARAMS, N });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();
/** Spends the time of a real check (at the cost new hashes get) so that unknown users cannot be told apart by timing. */
export async function burnPasswordCheck(password: string, costLog2N = PASSWORD_COST_LOG2N): Promise<void> {
  let dummy = dummyHashes.get(costLog2N);
  if (dummy === undefined) {
    dummy = hashPassword('dummy-password-for-timing', costLog2N);
    dummyHashes.set(costLog2N, dummy);
  }
  await verifyPassword(password, await dummy);
}
