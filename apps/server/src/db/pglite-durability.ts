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

/** `pglite` is the PGlite class, passed in so that this module does not load PGlite on a PostgreSQL server. */
export function pgliteStartParams(sync: PgliteSync, pglite: unknown): string[] | undefined {
  if (sync === 'off') return undefined;
  const defaults = (pglite as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=open_datasync'];
}
