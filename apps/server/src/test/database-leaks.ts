import { afterAll, expect } from 'vitest';
import { createdDatabases } from './helpers.js';
import { withAdmin } from './postgres-template.js';

/**
 * A setup file of the server's tests (vitest.config.ts): after every other hook of a test file, on PostgreSQL, the
 * file fails when a database it made (`createTestDatabase`) still exists. The global teardown drops whatever a run
 * leaves and names it; this makes it a failure of the file that left it.
 */
afterAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || createdDatabases.size === 0) return;
  const names = [...createdDatabases];
  // Workers keep modules from file to file (vitest.config.ts, `isolate`): the next file checks only its own.
  createdDatabases.clear();
  const { rows } = await withAdmin(baseUrl, (client) =>
    client.query<{ datname: string }>('select datname from pg_database where datname = any($1)', [names]),
  );
  expect(
    rows.map((row) => row.datname),
    'databases this file made and did not drop',
  ).toEqual([]);
});
