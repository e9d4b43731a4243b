import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `candidate` is the configured secret (the cron key, the metrics key), in time independent of where they
 * differ: both sides are hashed to 32 bytes first, because timingSafeEqual needs equal lengths and the length must
 * not leak either. No configured secret matches nothing.
 */
export function secretMatches(configured: string | undefined, candidate: string): boolean {
  if (!configured) return false;
  return timingSafeEqual(sha256(configured), sha256(candidate));
}
