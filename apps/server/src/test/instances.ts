import { buildApp, type App } from '../app.js';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildTestApp, testConfig, type TestContext } from './helpers.js';

export interface TwoInstances {
  /** Instance one, which also owns the test database. */
  one: TestContext;
  /** Instance two: its own app on the same database, through its own connection pool on PostgreSQL. */
  two: App;
  /** The database of instance two: a pool of its own on PostgreSQL, the same PGlite otherwise. */
  secondDatabase: Database;
  close(): Promise<void>;
}

/**
 * Two app instances on one fresh test database, for the exactly-once tests of the weekly mails. PGlite lives inside
 * this process and cannot be opened twice; on PostgreSQL (DATABASE_URL) the second pool makes the race real.
 */
export async function startTwoInstances(overrides: Partial<AppConfig>): Promise<TwoInstances> {
  const one = await buildTestApp(overrides);
  const secondDatabase = one.db.url ? await openDatabase({ databaseUrl: one.db.url }) : one.db.database;
  const two = await buildApp(testConfig(overrides), { database: secondDatabase, logger: false });
  await two.ready();
  return {
    one,
    two,
    secondDatabase,
    close: async () => {
      await two.close();
      if (secondDatabase !== one.db.database) await secondDatabase.close();
      await one.close();
    },
  };
}
