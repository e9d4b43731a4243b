import { defineConfig } from 'vitest/config';

/**
 * Which test files run where (issue 39). Every file runs on the embedded database (PGlite) by default. CI runs the
 * whole suite once on PostgreSQL (`DATABASE_URL` set) and then, on PGlite, the files whose behaviour depends on the
 * database engine (`SERVER_TESTS=engine`): so each of those runs on both, every other file once.
 */

/** Files that test the embedded database itself: they open PGlite whatever DATABASE_URL says. */
const PGLITE_OWN = ['src/db/pglite-*.test.ts'];

/**
 * Files whose answers depend on how the engine behaves, not only on the SQL it runs: transactions, locks and
 * retries under parallel writes (one PGlite connection in a worker thread against a pool of server connections),
 * migrations and compiled statements, collation (German order of lists), time zones and date arithmetic in SQL
 * (validity, reminders, reports, alerts), bulk writes (import, restore), the database going away (health), the
 * matrix's and coverage's aggregate queries, and PGlite's own metrics.
 */
const ENGINE = [
  ...PGLITE_OWN,
  'src/db/*.test.ts',
  'src/jobs/*.test.ts',
  'src/plugins/idempotency.test.ts',
  'src/plugins/metrics.test.ts',
  'src/modules/owned-records.test.ts',
  'src/modules/record-history.test.ts',
  'src/modules/isolation.test.ts',
  'src/modules/route-activities/*.test.ts',
  'src/modules/routes/routes.test.ts',
  'src/modules/routes/places.test.ts',
  'src/modules/tours/tours.test.ts',
  'src/modules/vehicles/vehicles.test.ts',
  'src/modules/vehicle-activities/*.test.ts',
  'src/modules/expiring/*.test.ts',
  'src/modules/backup/*.test.ts',
  'src/modules/import/*.test.ts',
  'src/modules/health/*.test.ts',
  'src/modules/betriebe/matrix.test.ts',
  'src/modules/betriebe/coverage-kept.test.ts',
  'src/modules/betriebe/attestations.test.ts',
  'src/modules/betriebe/register.test.ts',
  'src/modules/betriebe/place-requirements.test.ts',
  'src/modules/users/account-deletion.test.ts',
];

const scope = process.env.SERVER_TESTS ?? 'all';
if (!['all', 'engine'].includes(scope)) throw new Error(`SERVER_TESTS must be all or engine, not ${scope}`);

/** CI's test report (scripts/slowest-tests.mjs prints the ten slowest files of each). */
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = `server-${scope === 'engine' ? 'engine-files' : 'all'}-on-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`;

export default defineConfig({
  test: {
    include: scope === 'engine' ? ENGINE : ['src/**/*.test.ts'],
    // On PostgreSQL, PGlite's own files would only run on PGlite again.
    exclude: process.env.DATABASE_URL ? ['**/node_modules/**', ...PGLITE_OWN] : ['**/node_modules/**'],
    environment: 'node',
    ...(reportDir && { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/${reportName}.json` } }),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database. On PGlite (in the worker, CPU-bound) two workers for two cores; on PostgreSQL a
    // third fills the time the others wait on the server and on the clock (114 s instead of 127 s, 2026-12-04).
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
    pool: 'forks',
    // A worker keeps the modules it imported from one file to the next (issue 39: the app's module graph was imported
    // anew for each of ~80 files, 80 s of a 194-s run on PostgreSQL; 127 s without). Each file still builds its own app
    // on its own database; no test may leave module state behind (TEST_ISOLATE=true runs each file in a fresh module
    // graph, to find one that does).
    isolate: process.env.TEST_ISOLATE === 'true',
    // Each file's database starts from a template: PGlite's from the build (built first when missing or stale), on
    // PostgreSQL one migrated database per run (test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // On PostgreSQL a file fails when it leaves a database of its own behind.
    setupFiles: ['src/test/database-leaks.ts'],
  },
});
