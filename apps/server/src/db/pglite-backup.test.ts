import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { recordsOf, seedAccount } from '../test/account-data.js';
import { createVehicle } from '../test/fixtures.js';
import { registerUser, testConfig, type TestUser } from '../test/helpers.js';
import { openDatabase, type Database } from './client.js';
import { BackupError, dumpPgliteDataDir, dumpSocketPath, restorePgliteDataDir } from './pglite-backup.js';

/**
 * `npm run db:dump` / `db:restore` on real PGlite files: data made through the API, dumped by the CLI while the app
 * runs and writes, restored by the CLI into a fresh data directory, and found there by a new app.
 */

const RUN_CLI = path.resolve(import.meta.dirname, '../../scripts/run-cli.mjs');
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streckenpass-${prefix}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The CLI as an operator runs it: its own process, the server's configuration from the environment. */
function cli(tool: 'db-dump' | 'db-restore', args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [RUN_CLI, tool, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function start(dataDir: string): Promise<{ app: App; database: Database }> {
  const database = await openDatabase({ dataDir });
  const app = await buildApp(testConfig({ dataDir }), { database, logger: false });
  await app.ready();
  return { app, database };
}

async function stop({ app, database }: { app: App; database: Database }) {
  await app.close();
  await database.close();
}

describe('npm run db:dump and db:restore (embedded database)', () => {
  it('dumps while the app runs and writes, and a fresh data directory restored from it holds every record', async () => {
    const dataDir = tempDir('dump-source');
    const running = await start(dataDir);
    const dump = path.join(tempDir('dump-file'), 'sicherung.tar.gz');
    let user: TestUser;
    let other: TestUser;
    let expected: Awaited<ReturnType<typeof recordsOf>>;
    const acknowledgedBefore: string[] = [];
    const acknowledgedDuring: string[] = [];
    try {
      expect(fs.existsSync(dumpSocketPath(dataDir))).toBe(true);
      user = await registerUser(running.app, { password: 'sicherung-passwort-1' });
      await seedAccount(running.app, user);
      other = await registerUser(running.app);
      for (let n = 0; n < 5; n++)
        acknowledgedBefore.push((await createVehicle(running.app, other, `Vorher ${n}`)).name);
      expected = await recordsOf(running.app, user);

      // Writes go on while the CLI starts, asks the server and receives the dump.
      let dumping = true;
      const load = (async () => {
        for (let n = 0; dumping; n++)
          acknowledgedDuring.push((await createVehicle(running.app, other, `Während ${n}`)).name);
      })();
      const dumped = await cli('db-dump', [dump], dataDir);
      dumping = false;
      await load;
      expect(dumped.output).toContain('vom laufenden Server');
      expect(dumped.code, dumped.output).toBe(0);
      expect(acknowledgedDuring.length).toBeGreaterThan(0);
      expect(fs.statSync(dump).mode & 0o777).toBe(0o600);
    } finally {
      await stop(running);
    }

    // Without a server the CLI opens the files itself; an existing file is never overwritten.
    const offline = await dumpPgliteDataDir({ dataDir, output: `${dump}.offline`, sync: 'wal' });
    expect(offline.source).toBe('offline');
    await expect(dumpPgliteDataDir({ dataDir, output: dump, sync: 'wal' })).rejects.toThrow(/gibt es schon/);
    expect(fs.existsSync(`${dump}.partial`)).toBe(false);

    const restoredDir = path.join(tempDir('dump-target'), 'data');
    const restored = await cli('db-restore', [dump], restoredDir);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('2 Konten');

    const fresh = await start(restoredDir);
    try {
      expect(await recordsOf(fresh.app, user)).toEqual(expected);
      // The JWT secret came along: the token issued before the dump is still valid, and so is the password.
      const me = await fresh.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers });
      expect(me.statusCode).toBe(200);
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: user.email, password: 'sicherung-passwort-1' },
      });
      expect(login.statusCode).toBe(200);
      // The other account: every vehicle acknowledged before the dump, and of those written one after the other
      // during it a prefix: the dump is the database at one moment between two transactions.
      const vehicles = await fresh.app.inject({ method: 'GET', url: '/api/vehicles', headers: other.headers });
      const names = new Set((vehicles.json() as { name: string }[]).map((vehicle) => vehicle.name));
      const during = acknowledgedDuring.filter((name) => names.has(name));
      expect(acknowledgedBefore.filter((name) => !names.has(name))).toEqual([]);
      expect(during).toEqual(acknowledgedDuring.slice(0, during.length));
      expect(names.size).toBe(acknowledgedBefore.length + during.length);
    } finally {
      await stop(fresh);
    }
  }, 180_000);
});

describe('restorePgliteDataDir', () => {
  it('refuses a data directory that is not empty, and a file that is not a dump', async () => {
    const occupied = tempDir('restore-occupied');
    fs.writeFileSync(path.join(occupied, 'notiz.txt'), 'schon da');
    const notADump = path.join(tempDir('restore-file'), 'kaputt.tar.gz');
    fs.writeFileSync(notADump, 'kein gzip');
    await expect(restorePgliteDataDir({ dataDir: occupied, input: notADump, sync: 'wal' })).rejects.toThrow(
      /nicht leer/,
    );
    const empty = tempDir('restore-empty');
    await expect(restorePgliteDataDir({ dataDir: empty, input: notADump, sync: 'wal' })).rejects.toBeInstanceOf(
      BackupError,
    );
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
