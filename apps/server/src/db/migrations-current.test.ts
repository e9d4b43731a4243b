import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.js';
import { migrationsCurrent } from './migrations-current.js';
import { MIGRATIONS_FOLDER } from './pglite-template.js';

describe('migrationsCurrent', () => {
  let testDb: TestDatabase;
  const query = (text: string) => testDb.database.db.execute(sql.raw(text)) as Promise<{ rows: unknown[] }>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });

  afterAll(async () => {
    await testDb?.drop();
  });

  it('answers true for a database with every migration of the folder', async () => {
    expect(await migrationsCurrent(query, MIGRATIONS_FOLDER)).toBe(true);
  });

  it('answers false when the newest migration is not recorded, and when there is no migrations table', async () => {
    await query('create table drizzle.kept as select * from drizzle.__drizzle_migrations');
    await query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    try {
      expect(await migrationsCurrent(query, MIGRATIONS_FOLDER)).toBe(false);
      await query('alter table drizzle.__drizzle_migrations rename to moved');
      expect(await migrationsCurrent(query, MIGRATIONS_FOLDER)).toBe(false);
    } finally {
      await query('drop table if exists drizzle.moved');
      await query('drop table if exists drizzle.__drizzle_migrations');
      await query('alter table drizzle.kept rename to __drizzle_migrations');
    }
    expect(await migrationsCurrent(query, MIGRATIONS_FOLDER)).toBe(true);
  });

  it('answers false for a folder whose journal cannot be read', async () => {
    expect(await migrationsCurrent(query, '/nonexistent')).toBe(false);
  });
});
