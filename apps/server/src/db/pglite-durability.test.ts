import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { PGLITE_SHARED_BUFFERS } from './pglite-durability.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-durability-'));
  dirs.push(dir);
  return dir;
}

async function setting(
  database: Awaited<ReturnType<typeof openDatabase>>,
  name: 'fsync' | 'wal_sync_method' | 'shared_buffers',
) {
  const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]?.[name];
}

describe('PGlite durability (PGLITE_SYNC)', () => {
  it('writes the WAL synchronously by default: fsync on, wal_sync_method open_datasync', async () => {
    const database = await openDatabase({ dataDir: dataDir() });
    try {
      expect(await setting(database, 'fsync')).toBe('on');
      expect(await setting(database, 'wal_sync_method')).toBe('open_datasync');
      // PGlite's 160 MB default would be resident from the start (decision 0050).
      expect(await setting(database, 'shared_buffers')).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });

  it('keeps PGlite’s own default with PGLITE_SYNC=off', async () => {
    const database = await openDatabase({ dataDir: dataDir(), pgliteSync: 'off' });
    try {
      expect(await setting(database, 'fsync')).toBe('off');
      expect(await setting(database, 'shared_buffers')).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });

  it('refuses to open one data directory twice, and opens it again once closed', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
