import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsCurrent } from './migrations-current.js';
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

/**
 * How much of a WebAssembly function V8 runs in its baseline code (Liftoff) before it compiles it optimised
 * (TurboFan), as a budget of roughly the bytes executed; V8's default is 1,800,000. PostgreSQL's start runs thousands
 * of its 9-MB module's functions just often enough to reach the default, and their optimised compiles in V8's
 * background threads competed with the start itself on two cores: 200–250 ms of a 1.1-s start (docs/decisions/0054).
 * With a budget 1,000 times V8's, only what runs hot under load is optimised. The flag is the process's (V8 has no
 * other), and PGlite is the only WebAssembly the server runs; it is read when a module is compiled, so it is set
 * before PGlite compiles its own.
 */
export const PGLITE_WASM_TIERING_BUDGET = 1_800_000_000;

/** Opens PGlite, unpacking the template into a new database, and applies the migrations. */
export async function openPgliteFiles(options: PgliteOpenOptions): Promise<{ client: PGlite; origin: PgliteOrigin }> {
  v8.setFlagsFromString(`--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`);
  const loadDataDir =
    !options.exists && options.template ? readTemplate(options.template, options.migrationsFolder) : undefined;
  const client = await PGlite.create(options.target, {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: pgliteStartParams(options.sync, PGlite),
  });
  try {
    // Also after unpacking: applies what is newer than the template (nothing, when it matches). An existing database
    // that has every migration is told by one statement (db/migrations-current.ts).
    const current = options.exists && (await migrationsCurrent((text) => client.query(text), options.migrationsFolder));
    if (!current) await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
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
