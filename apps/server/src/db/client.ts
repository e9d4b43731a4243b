import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { pgliteStartParams, type PgliteSync } from './pglite-durability.js';

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');
/** Serialises migrations when several instances start against one server. */
const MIGRATION_LOCK_ID = 4_711_2026;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /** PGlite on disk: WAL written synchronously (default) or PGlite's fsync-off default (db/pglite-durability.ts). */
  pgliteSync?: PgliteSync;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://', options.pgliteSync ?? 'wal');
}

async function openPglite(dataDir: string, sync: PgliteSync): Promise<Database> {
  let target = dataDir;
  // One process per data directory (db/data-dir-lock.ts), taken before PGlite opens the files.
  const lock = dataDir.startsWith('memory://') ? undefined : acquireDataDirLock(dataDir);
  if (!dataDir.startsWith('memory://')) {
    target = path.join(dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
  }
  const startParams = dataDir.startsWith('memory://') ? undefined : pgliteStartParams(sync);
  const client = await PGlite.create(target, startParams ? { startParams } : {}).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}
