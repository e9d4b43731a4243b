import { CHUNK_RELOAD_GUARD_MS } from '@streckenpass/contract/constants';
import { STORAGE_PREFIX } from './storage';

const KEY = `${STORAGE_PREFIX}chunk-reload`;

export function isChunkLoadError(error: unknown): boolean {
  // An Error's string is "name: message": both can name a chunk that is gone.
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    String(error),
  );
}

/**
 * After a deploy, old chunk files are gone: reload the page once per path within 10 seconds (seed
 * section 4). Returns true when a reload was started, false when this path was reloaded too recently.
 */
export function reloadOnceForChunkError(
  pathname: string,
  now = Date.now(),
  reload = () => window.location.reload(),
): boolean {
  let record: Record<string, number> = {};
  try {
    record = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    record = {};
  }
  const last = record[pathname];
  if (last !== undefined && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  record[pathname] = now;
  sessionStorage.setItem(KEY, JSON.stringify(record));
  reload();
  return true;
}
