import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient } from 'pg';
import { MIGRATIONS_FOLDER, TEMPLATE_FILE } from './pglite-template.js';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { migrationsCurrent } from './migrations-current.js';
// Imported up front (it is small and loads no PGlite): the thread starts in the very tick the server asks for the
// database, before the app's modules are evaluated.
import { openPgliteThread } from './pglite-thread.js';
import type { PgliteSync } from './pglite-durability.js';
import { trackPgliteOperations, type PgliteStats } from './pglite-stats.js';
import { retryTransactions } from './transaction-retry.js';

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * What a repository method runs its statements on: the database, or a transaction handed in by the caller (a
 * drizzle transaction is a `PgDatabase` too, so one type covers both, without casts).
 */
export type Executor = Db;

/** What the metrics report about the database (plugins/metrics.ts), read at each scrape. */
export type DatabaseStats =
  { kind: 'postgres'; total: number; idle: number; waiting: number; max: number } | ({ kind: 'pglite' } & PgliteStats);

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: whether this opening found its data, unpacked the build's template, or ran initdb (once `ready`). */
  origin?: 'existing' | 'template' | 'initdb';
  /**
   * Settles when the database is open and migrated. Only `openDatabase({ inBackground: true })` returns before that
   * (PGlite in its thread); otherwise it has settled already.
   */
  ready: Promise<void>;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  /**
   * Receives `NOTIFY channel, payload` from every connection (other instances included). `onReset` runs when
   * notifications may have been missed (the listening connection was lost and re-established), so that caches
   * fed by them can be dropped.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReset?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
  /** Pool (PostgreSQL) or queue (PGlite) figures for the metrics. */
  stats?(): DatabaseStats;
  /** PGlite only: a consistent copy of the data directory, an uncompressed tar (db/pglite-backup.ts). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite on disk only: the data directory this process holds locked. */
  dataDir?: string;
}

const migrationsFolder = MIGRATIONS_FOLDER;
/** Serialises migrations when several instances start against one server. */
const MIGRATION_LOCK_ID = 4_711_2026;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /**
   * A new PGlite database starts from this initialised, migrated data directory (`pglite-template.ts`) when it
   * exists and matches the migrations; `false` = always initdb + migrate. Default: the one the build made.
   */
  template?: string | false;
  /** PGlite on disk: WAL written synchronously (default) or PGlite's fsync-off default (db/pglite-durability.ts). */
  pgliteSync?: PgliteSync;
  /**
   * Where PGlite runs: its own worker thread (default, docs/decisions/0050) or the main thread (PGLITE_THREAD=main,
   * as before issue 30: every statement then stalls the requests).
   */
  pgliteThread?: PgliteThreadMode;
  /**
   * PGlite in its thread: return as soon as the thread is started, while it opens and migrates the database; the
   * statements sent meanwhile wait in the thread, and `ready` tells when it is open or why it could not be (server.ts
   * builds the app meanwhile). Otherwise the returned database is open.
   */
  inBackground?: boolean;
}

export type PgliteThreadMode = 'worker' | 'main';

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(
    options.dataDir ?? 'memory://',
    options.template ?? TEMPLATE_FILE,
    options.pgliteSync ?? 'wal',
    options.pgliteThread ?? (process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker'),
    options.inBackground ?? false,
  );
}

// Each driver is imported when it is used: a server on PostgreSQL never loads PGlite (and its 9 MB of
// WebAssembly), the embedded one never loads pg.
async function openPglite(
  dataDir: string,
  template: string | false,
  sync: PgliteSync,
  where: PgliteThreadMode,
  inBackground: boolean,
): Promise<Database> {
  // One process per data directory (db/data-dir-lock.ts), taken before PGlite opens the files.
  const lock = dataDir.startsWith('memory://') ? undefined : acquireDataDirLock(dataDir);
  try {
    let target = dataDir;
    let exists = false;
    if (!dataDir.startsWith('memory://')) {
      target = path.join(dataDir, 'pglite');
      fs.mkdirSync(target, { recursive: true });
      exists = fs.existsSync(path.join(target, 'PG_VERSION'));
    }
    // PGlite runs in a thread of its own (db/pglite-worker.ts, docs/decisions/0050) unless PGLITE_THREAD=main: its
    // statements no longer stall the requests. Either way: open, unpack the build's template into a new database,
    // migrate. The thread is started first, so that it opens the files while drizzle's driver loads here.
    const openOptions = {
      target,
      exists,
      template: template || undefined,
      migrationsFolder,
      sync: dataDir.startsWith('memory://') ? ('off' as const) : sync,
    };
    const opening =
      where === 'worker'
        ? openPgliteThread(openOptions)
        : import('./pglite-open.js').then((m) => m.openPgliteInProcess(openOptions));
    const [{ drizzle }, opened] = await Promise.all([import('drizzle-orm/pglite'), opening]);
    const { client } = opened;
    const pgliteStats = trackPgliteOperations(client);
    // PGlite has one connection and cannot deadlock; the same wrapper keeps both kinds alike.
    const db = retryTransactions(drizzle(client as PGlite, { schema }) as unknown as Db);
    const database: Database = {
      db,
      kind: 'pglite',
      ready: opened.opened.then((origin) => {
        database.origin = origin;
      }),
      ping: () => opened.ping(),
      listen: async (channel, onPayload) => client.listen(channel, (payload: string) => onPayload(payload)),
      close: async () => {
        await opened.close();
        lock?.release();
      },
      stats: () => ({ kind: 'pglite', ...pgliteStats() }),
      dumpDataDir: () => opened.dumpDataDir(),
      ...(lock ? { dataDir: path.resolve(dataDir) } : {}),
    };
    if (inBackground) {
      // A database that cannot open releases its lock; the caller learns why from `ready`.
      database.ready.catch(() => lock?.release());
    } else {
      await database.ready;
    }
    return database;
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // A client checked out for a transaction is between two statements when its connection is cut: without a
  // listener its 'error' event would crash the process. The failed statement answers 503; the pool drops the
  // broken client when it is released (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // A database with every migration is told by one statement; otherwise the migrations run under the lock, where
  // drizzle checks again which are missing (another instance may have applied them meanwhile).
  if (!(await migrationsCurrent((text) => pool.query(text), migrationsFolder))) {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(lockClient), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      lockClient.release();
    }
  }
  // A transaction that loses a deadlock or serialization conflict runs again (docs/decisions/0034).
  const db = retryTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    ready: Promise.resolve(),
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onPayload, onReset) => listenPostgres(pg.Client, url, channel, onPayload, onReset),
    close: async () => {
      await pool.end();
    },
    stats: () => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  };
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). A lost connection is re-opened with
 * a growing pause; `onReset` tells the listener that notifications may have been missed meanwhile.
 */
async function listenPostgres(
  Client: typeof PgClient,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReset: () => void = () => {},
): Promise<Unlisten> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: PgClient | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 250;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
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
