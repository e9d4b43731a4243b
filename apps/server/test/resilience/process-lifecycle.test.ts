import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, LOCK_FILE } from '../../src/db/data-dir-lock.js';
import { SERVER_ENTRY, startServer, type ServerProcess } from '../server-process.js';

/**
 * (e) One process per PGlite data directory, and `npm start` (scripts/start.mjs) passing SIGTERM on to the
 * server. Ports 3340–3349.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const started: ServerProcess[] = [];
const dirs: string[] = [];

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-lock-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const server of started) await server.stop('SIGKILL').catch(() => {});
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `node dist/server.js` until it exits (or the timeout kills it); the exit code and what it wrote. */
function runToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DISABLE_SCHEDULER: 'true',
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('one server process per data directory', () => {
  it('refuses a second server on the same DATA_DIR, with a clear message and a non-zero exit code', async () => {
    const dir = dataDir();
    const first = await startServer({ port: 3340, env: { DATA_DIR: dir } });
    started.push(first);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));

    const second = await runToExit({ DATA_DIR: dir, PORT: '3341' });
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    expect(second.output).toContain('Datenverzeichnis');
    expect(second.output).toContain(`PID ${first.pid}`);
    // The first server is untouched and still answers.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    // A graceful stop releases the lock; the next start on the same data succeeds.
    await first.stop('SIGTERM');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const third = await startServer({ port: 3342, env: { DATA_DIR: dir } });
    started.push(third);
    await third.stop('SIGTERM');
  });

  it('takes over the stale lock of a killed server', async () => {
    const dir = dataDir();
    const killed = await startServer({ port: 3343, env: { DATA_DIR: dir } });
    started.push(killed);
    await killed.stop('SIGKILL');
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(killed.pid));
    const next = await startServer({ port: 3344, env: { DATA_DIR: dir } });
    started.push(next);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(next.pid));
    await next.stop('SIGTERM');
  });
});

describe('npm start (scripts/start.mjs)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('passes %s on to the server and exits with it', async (signal) => {
    const dir = dataDir();
    const port = signal === 'SIGTERM' ? 3345 : 3346;
    const wrapper = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        SKIP_BUILD: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DISABLE_SCHEDULER: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    wrapper.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    wrapper.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => wrapper.once('exit', (code) => resolve(code)));
    try {
      const healthy = await waitFor(() => fs.existsSync(path.join(dir, LOCK_FILE)), 30_000);
      expect(healthy, output).toBe(true);
      const serverPid = Number(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim());
      expect(serverPid).not.toBe(wrapper.pid);
      let up = false;
      for (let i = 0; i < 300 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((response) => response.status === 200)
          .catch(() => false);
        if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(up, output).toBe(true);

      wrapper.kill(signal);
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
      expect(code, output).toBe(0);
      // The server went with it: no orphan, and its lock is released.
      expect(await waitFor(() => !isAlive(serverPid), 5_000)).toBe(true);
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      if (wrapper.exitCode === null) wrapper.kill('SIGKILL');
    }
  });
});
