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

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * What a repository method runs its statements on: the database, or a transaction handed in by the caller (a
 * drizzle transaction is a `PgDatabase` too, so one type covers both, without casts).
 */
export type Executor = Db;

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  /**
   * Receives `NOTIFY channel, payload` from every connection (other instances included). `onReset` runs when
   * notifications may have been missed (the listening connection was lost and re-established), so that caches
   * fed by them can be dropped.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReset?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');
/** Serialises migrations when several instances start against one server. */
const MIGRATION_LOCK_ID = 4_711_2026;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; `memory://` for a throw-away database. */
  dataDir?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Database> {
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = path.join(dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
  }
  const client = await PGlite.create(target);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => client.listen(channel, (payload) => onPayload(payload)),
    close: async () => {
      await client.close();
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
    listen: (channel, onPayload, onReset) => listenPostgres(url, channel, onPayload, onReset),
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). A lost connection is re-opened with
 * a growing pause; `onReset` tells the listener that notifications may have been missed meanwhile.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReset: () => void = () => {},
): Promise<Unlisten> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 250;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      onReset();
      next.end().catch(() => {});
      retryTimer = setTimeout(() => void reconnect(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    delay = 250;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onReset();
    } catch {
      onReset();
      retryTimer = setTimeout(() => void reconnect(), delay);
      delay = Math.min(delay * 2, 10_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
