/**
 * Durability of the embedded database (PGlite 0.5). PGlite starts PostgreSQL with `-F` (fsync = off) by default,
 * and its Node file system (Emscripten NODEFS) has no fsync operation at all: even with fsync = on, PostgreSQL's
 * fsync calls reach no disk (strace shows none). What does reach the disk is the open flag: with
 * `wal_sync_method=open_datasync` PostgreSQL opens the WAL with O_DSYNC, which NODEFS maps to Node's O_SYNC, so every
 * commit's WAL write is on disk before the commit is acknowledged. Measured in docs/decisions/0011 (1,000 inserts
 * ≈ 2.4× the time; 1,000 POSTs through the API see far less, because scrypt-free requests are dominated by HTTP and
 * JSON work). `PGLITE_SYNC=off` restores PGlite's default (fastest; a power cut may lose the last seconds of
 * acknowledged writes, or worse, the files' consistency).
 */
export type PgliteSync = 'wal' | 'off';

/**
 * PostgreSQL's shared buffers inside PGlite. PGlite's default is 160 MB, set up (and so resident) at every start: that
 * alone was a third of an idle server's RSS (decision 0050: 375 → 261 MB for PGlite itself at 32 MB, measured
 * 2026-11-29; 16 MB since decision 0054, another 14 MB). The app's data of even a large account is a few MB, and a page
 * that is not in the buffers is read from the operating system's file cache, not from disk.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** `pglite` is the PGlite class, passed in so that this module does not load PGlite on a PostgreSQL server. */
export function pgliteStartParams(sync: PgliteSync, pglite: unknown): string[] {
  const defaults = (pglite as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  const memory = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (sync === 'off') return [...defaults, ...memory];
  return [...defaults.filter((param) => param !== '-F'), ...memory, '-c', 'wal_sync_method=open_datasync'];
}
