import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { snapshotDataDir } from './pglite-backup.js';
import { pgliteStartParams, type PgliteSync } from './pglite-durability.js';
import { readTemplate } from './pglite-template.js';

/** How a PGlite database is opened, in its own thread (db/pglite-worker.ts) or, with PGLITE_THREAD=main, here. */
export interface PgliteOpenOptions {
  /** PGlite's path: `<DATA_DIR>/pglite` or `memory://`. */
  target: string;
  /** Whether the data directory already holds a database. */
  exists: boolean;
  /** A new database unpacks this template when it exists and matches (db/pglite-template.ts). */
  template: string | undefined;
  migrationsFolder: string;
  /** How commits reach the disk (db/pglite-durability.ts); PGlite's start parameters follow from it where it runs. */
  sync: PgliteSync;
}

export type PgliteOrigin = 'existing' | 'template' | 'initdb';

/** The part of PGlite the app uses (drizzle's driver, db/pglite-stats.ts, the health check, LISTEN). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen'>;

/** An open embedded database, wherever it runs. */
export interface OpenPglite {
  client: PgliteClient;
  /**
   * Settles when PGlite is open and migrated: with where its data came from, or with why it could not open. In its
   * own thread, the client takes statements before that (they wait in the thread until it is open).
   */
  opened: Promise<PgliteOrigin>;
  /**
   * For the health checks: in the worker, whether its thread answers and PGlite is open, without queueing behind the
   * statements that wait for PGlite (docs/decisions/0050); in the main thread, `select 1`.
   */
  ping(): Promise<void>;
  /** A consistent copy of the data directory as an uncompressed tar (db/pglite-backup.ts). */
  dumpDataDir(): Promise<Blob>;
  /** Closes PGlite (a clean shut-down of its files). */
  close(): Promise<void>;
}

/** Opens PGlite, unpacking the template into a new database, and applies the migrations. */
export async function openPgliteFiles(options: PgliteOpenOptions): Promise<{ client: PGlite; origin: PgliteOrigin }> {
  const loadDataDir =
    !options.exists && options.template ? readTemplate(options.template, options.migrationsFolder) : undefined;
  const client = await PGlite.create(options.target, {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: pgliteStartParams(options.sync, PGlite),
  });
  try {
    // Also after unpacking: applies what is newer than the template (nothing, when it matches).
    await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { client, origin: options.exists ? 'existing' : loadDataDir ? 'template' : 'initdb' };
}

/** PGLITE_THREAD=main: PGlite in the main thread, as before decision 0050 (for comparison in the load bench). */
export async function openPgliteInProcess(options: PgliteOpenOptions): Promise<OpenPglite> {
  const { client, origin } = await openPgliteFiles(options);
  return {
    client,
    opened: Promise.resolve(origin),
    ping: async () => {
      await client.query('select 1');
    },
    dumpDataDir: () => snapshotDataDir(client),
    close: () => client.close(),
  };
}
