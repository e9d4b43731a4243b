import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, isAlive, LOCK_FILE } from './data-dir-lock.js';
import { pgliteStartParams, type PgliteSync } from './pglite-durability.js';

/**
 * Online backups of the embedded database (`npm run db:dump` / `db:restore`, docs/decisions/0048-metrics-readiness-
 * and-online-dump.md). The data directory belongs to the one server process that holds its lock, so a dump is taken
 * by that process: the CLI asks it over a Unix socket in the data directory (`control/`, mode 0700: only the account
 * that runs the server, and root, can connect), and the server answers with a copy of its data directory. Without a
 * running server the CLI takes the lock and makes the same copy itself.
 *
 * Consistency: the copy is made inside PGlite's transaction lock, after a CHECKPOINT. No transaction of the app is
 * half-way then, and no statement runs while the files are read (PGlite has one connection; the copy is taken in its
 * thread, db/pglite-worker.ts, where every statement waits for that lock), so the copy is the database as of one
 * moment between two transactions, with every data page written.
 * It is the file set that a clean shutdown leaves, and it opens like one.
 */

/** The socket the running server answers dumps on; the same path for the server and the CLI. */
export function dumpSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control', 'db-dump.sock');
}

/** Linux's limit for a Unix socket path (sun_path is 108 bytes with its terminating zero). */
export const SOCKET_PATH_MAX = 107;

/**
 * The data directory as an uncompressed tar, taken as described above. It stalls the database for the checkpoint and
 * the reading of the files (about 0.3 s for an almost empty database); compressing happens afterwards, outside the lock.
 */
export function snapshotDataDir(client: Pick<PGlite, 'transaction' | 'dumpDataDir'>): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return client.dumpDataDir('none');
  });
}

/** Streams a tar from `snapshotDataDir` gzipped into `out`. */
export async function writeGzipped(tar: Blob, out: Writable): Promise<void> {
  const source = Readable.fromWeb(tar.stream() as unknown as NodeReadableStream<Uint8Array>);
  await pipeline(source, zlib.createGzip(), out);
}

export type DumpSource = 'server' | 'offline';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The PID of the process holding `dataDir`'s lock when it is alive (it may be this process). */
function runningServer(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function requestDump(socketPath: string, out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: '/db-dump' }, (response) => {
      if (response.statusCode === 200) {
        pipeline(response, out).then(resolve, reject);
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => reject(new BackupError(`Der Server verweigert die Sicherung: ${text.trim()}`)));
    });
    request.on('error', reject);
  });
}

async function dumpOffline(dataDir: string, sync: PgliteSync, out: Writable): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(target, 'PG_VERSION'))) {
    throw new BackupError(`In ${dataDir} liegt keine Datenbank.`);
  }
  const lock = acquireDataDirLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const startParams = pgliteStartParams(sync, PGlite);
    const client = await PGlite.create(target, { startParams });
    let tar: Blob;
    try {
      tar = await snapshotDataDir(client);
    } finally {
      await client.close();
    }
    await writeGzipped(tar, out);
  } finally {
    lock.release();
  }
}

/**
 * Writes a dump of the embedded database in `dataDir` to `output` (a new file, mode 0600: it holds every account, the
 * JWT secret and the signing keys), through the running server or, when none runs, directly.
 */
export async function dumpPgliteDataDir(options: {
  dataDir: string;
  output: string;
  sync: PgliteSync;
}): Promise<{ source: DumpSource; bytes: number }> {
  const dataDir = path.resolve(options.dataDir);
  const partial = `${options.output}.partial`;
  if (fs.existsSync(options.output)) throw new BackupError(`${options.output} gibt es schon; nichts überschrieben.`);
  const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  try {
    const pid = runningServer(dataDir);
    if (pid === undefined) {
      await dumpOffline(dataDir, options.sync, out);
    } else {
      const socketPath = dumpSocketPath(dataDir);
      await requestDump(socketPath, out).catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw error;
        throw new BackupError(
          `Der Server (PID ${pid}) hält ${dataDir}, antwortet aber nicht auf ${socketPath} ` +
            '(eine ältere Version, oder der Pfad ist zu lang für einen Unix-Socket). Server anhalten und erneut versuchen.',
        );
      });
    }
    fs.renameSync(partial, options.output);
    return { source: pid === undefined ? 'offline' : 'server', bytes: fs.statSync(options.output).size };
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Restores a dump into `dataDir`, which must be empty or absent (a restore never mixes with or replaces a database).
 * The next server start applies the migrations that are newer than the dump. Answers how many accounts it holds.
 */
export async function restorePgliteDataDir(options: {
  dataDir: string;
  input: string;
  sync: PgliteSync;
}): Promise<{ accounts: number }> {
  const dataDir = path.resolve(options.dataDir);
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (present.length > 0) {
    throw new BackupError(
      `${dataDir} ist nicht leer (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). ` +
        'Eine Sicherung wird nur in ein leeres Datenverzeichnis zurückgespielt.',
    );
  }
  const dump = await fs.promises.readFile(options.input);
  if (dump[0] !== 0x1f || dump[1] !== 0x8b) {
    throw new BackupError(`${options.input} ist keine Sicherung von npm run db:dump (gzip erwartet).`);
  }
  const lock = acquireDataDirLock(dataDir);
  const target = path.join(dataDir, 'pglite');
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const startParams = pgliteStartParams(options.sync, PGlite);
    fs.mkdirSync(target, { recursive: true });
    const client = await PGlite.create(target, {
      loadDataDir: new Blob([dump]),
      startParams,
    });
    try {
      const result = await client.query<{ accounts: number }>('select count(*)::int as accounts from users');
      return { accounts: result.rows[0]?.accounts ?? 0 };
    } finally {
      await client.close();
    }
  } catch (error) {
    // Leaves the directory as it was found, so that the next attempt is allowed.
    fs.rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
