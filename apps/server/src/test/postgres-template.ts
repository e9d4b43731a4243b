import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The server's tests on PostgreSQL (DATABASE_URL set): one migrated database per run, made by the vitest global
 * setup, from which every test file's database is copied (`create database … template …`, a file copy) instead of
 * running every migration again per file. Every database of a run carries the run's prefix, so the teardown can tell
 * which ones a test file left behind, and fails the run naming them.
 */

/** `sp_test_<run>`: the run's prefix; a file's database is `<prefix>_<file>_<random>`, the template `<prefix>_tpl`. */
export function newRunPrefix(): string {
  return `sp_test_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

export const templateName = (prefix: string) => `${prefix}_tpl`;

/** A file's database name: the run's prefix, the test file's name (so a leftover names its file), a random tail. */
export function fileDatabaseName(prefix: string, testPath: string | undefined): string {
  const file = (testPath ?? 'unknown')
    .replace(/^.*\//, '')
    .replace(/\.test\.ts$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 28);
  return `${prefix}_${file}_${randomBytes(3).toString('hex')}`;
}

/** Runs `work` on a client of the server's maintenance connection (DATABASE_URL itself). */
export async function withAdmin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The run's databases that still exist (template left out). */
export async function leftoverDatabases(baseUrl: string, prefix: string): Promise<string[]> {
  return withAdmin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 and datname <> $2 order by datname`,
      [`${prefix}\\_%`, templateName(prefix)],
    );
    return rows.map((row) => row.datname);
  });
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
