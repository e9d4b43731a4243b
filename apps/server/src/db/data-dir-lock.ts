import fs from 'node:fs';
import path from 'node:path';

/**
 * One server process per data directory. PGlite is a single-user PostgreSQL: two processes on the same files
 * both start, each with its own view of the data, and acknowledged writes of one are lost to the other. So the
 * directory is locked before PGlite opens it: `streckenpass.lock` holds the PID of the owner, created with
 * O_EXCL. A lock whose process no longer runs (killed, power cut) is stale and taken over; a container that
 * restarts with the same PID (often 1) recognises its predecessor's lock as stale too, because this process does
 * not hold it.
 */

export const LOCK_FILE = 'streckenpass.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Das Datenverzeichnis ${dataDir} wird bereits von einem anderen Streckenpass-Prozess (PID ${pid}) verwendet. ` +
        'Pro Datenverzeichnis darf nur ein Server laufen; für mehrere Instanzen DATABASE_URL (PostgreSQL) verwenden.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds (a second open of the same directory in one process is refused as well). */
const held = new Set<string>();

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a running process that could be a server (on Linux: a node process). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it runs, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // A reused PID of an unrelated program does not hold the lock.
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|bun|deno/i.test(cmdline);
  } catch {
    return true;
  }
}

/** Takes the lock of `dataDir` or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.removeListener('exit', release);
        // Only our own lock: never remove one a successor has taken over.
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = readPid(file);
    const ours = pid === process.pid;
    if (pid !== null && ((ours && held.has(file)) || (!ours && isAlive(pid)))) {
      throw new DataDirLockedError(path.resolve(dataDir), pid);
    }
    // Stale (dead process, unreadable or empty file): remove it, unless another starter replaced it meanwhile.
    if (readPid(file) === pid) fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(path.resolve(dataDir), readPid(file) ?? 0);
}
