import fs from 'node:fs';
import path from 'node:path';

/** A query as PGlite's client and node-postgres' pool both take it. */
type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** The newest migration of the folder by drizzle's journal: its `when`, which drizzle records as `created_at`. */
function newestMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every migration of the folder already, by drizzle's own rule (a migration runs when the
 * newest recorded `created_at` is older than its `when`): one statement instead of drizzle's migrate, which reads and
 * hashes every migration file and sends four statements (45–55 ms of a PGlite start, the last step before it answers;
 * docs/decisions/0054). Any doubt (no migrations table yet, a failed read) answers false, and the caller migrates.
 */
export async function migrationsCurrent(query: Query, migrationsFolder: string): Promise<boolean> {
  try {
    const newest = newestMigrationMillis(migrationsFolder);
    const { rows } = await query('select max(created_at)::text as applied from drizzle.__drizzle_migrations');
    const applied = (rows[0] as { applied: string | null } | undefined)?.applied;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false;
  }
}
