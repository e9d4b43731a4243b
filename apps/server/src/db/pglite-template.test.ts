import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { buildTemplate, MIGRATIONS_FOLDER, readTemplate, templateFingerprint } from './pglite-template.js';
import { users } from './schema.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-template-test-'));
const template = path.join(dir, 'template.tar.gz');
const migrationCount = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

beforeAll(async () => {
  await buildTemplate(template);
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function appliedMigrations(database: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('the PGlite template', () => {
  it('gives a new data directory every migration, and the data outlives a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ dataDir, template });
    expect(first.origin).toBe('template');
    expect(await appliedMigrations(first)).toBe(migrationCount);
    await first.db
      .insert(users)
      .values({ email: 'vorlage@example.org', passwordHash: 'x', firstname: 'Jörg', lastname: 'Weiß' });
    await first.close();

    const later = await openDatabase({ dataDir, template });
    expect(later.origin).toBe('existing');
    expect(await appliedMigrations(later)).toBe(migrationCount);
    const rows = await later.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'vorlage@example.org' }]);
    await later.close();
  });

  it('serves memory:// databases too', async () => {
    const database = await openDatabase({ dataDir: 'memory://', template });
    expect(database.origin).toBe('template');
    expect(await appliedMigrations(database)).toBe(migrationCount);
    await database.close();
  });

  it('is ignored when it was built for other migrations or another PGlite version', async () => {
    expect(readTemplate(template)).toBeInstanceOf(Blob);
    const manifest = template.replace(/\.tar\.gz$/, '.json');
    const original = fs.readFileSync(manifest, 'utf8');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(original), fingerprint: 'stale' }));
    try {
      expect(readTemplate(template)).toBeUndefined();
      const database = await openDatabase({ dataDir: path.join(dir, 'stale'), template });
      expect(database.origin).toBe('initdb');
      expect(await appliedMigrations(database)).toBe(migrationCount);
      await database.close();
    } finally {
      fs.writeFileSync(manifest, original);
    }
  });

  it('has a fingerprint that changes with the content of any migration file', () => {
    const copy = path.join(dir, 'migrations');
    fs.cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
    const before = templateFingerprint(copy);
    expect(templateFingerprint(copy)).toBe(before);
    const first = fs.readdirSync(copy).find((name) => name.endsWith('.sql'))!;
    fs.appendFileSync(path.join(copy, first), '\n-- changed\n');
    expect(templateFingerprint(copy)).not.toBe(before);
  });

  it('is not used when no template file exists', async () => {
    expect(readTemplate(path.join(dir, 'missing.tar.gz'))).toBeUndefined();
    const database = await openDatabase({ dataDir: 'memory://', template: path.join(dir, 'missing.tar.gz') });
    expect(database.origin).toBe('initdb');
    await database.close();
  });
});
