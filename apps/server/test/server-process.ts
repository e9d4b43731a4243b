import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The real server as a child process (`node dist/server.js`), for the benchmarks and the resilience suite: what
 * runs in production, started and killed like in production. Build first:
 *   npm run build -w packages/contract && (cd apps/server && npx tsc -p tsconfig.build.json)
 */

export const SERVER_ENTRY = path.resolve(import.meta.dirname, '../dist/server.js');

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Spawn to the first `200` from /api/health. */
  startupMs: number;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resident set size from /proc, in MB. */
  rssMb(): number;
  /** SIGTERM (graceful) or SIGKILL; resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  port: number;
  /** DATA_DIR, DATABASE_URL, … The process gets only these plus PATH/HOME and the defaults below. */
  env: Record<string, string>;
  timeoutMs?: number;
}

export function assertBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${SERVER_ENTRY} is missing: run \`npm run build -w packages/contract && npm run build:js -w apps/server\``,
    );
  }
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  assertBuilt();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    // As `npm start` and the systemd unit run it (scripts/start.mjs, docs/decisions/0054).
    MALLOC_TRIM_THRESHOLD_: '131072',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    LOG_LEVEL: 'warn',
    DISABLE_SCHEDULER: 'true',
    // The limits are per client address and everything here comes from 127.0.0.1.
    RATE_LIMIT_SCALE: '1000',
    ...options.env,
  };
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    });
  });

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before it was healthy:\n${lines.join('\n')}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy within ${options.timeoutMs ?? 30_000} ms:\n${lines.join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startupMs = performance.now() - started;

  return {
    url,
    pid: child.pid!,
    child,
    startupMs,
    output: () => lines.join('\n'),
    rssMb: () => rssMb(child.pid!),
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (exitCode === undefined) child.kill(signal);
      await exited;
    },
  };
}

export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Samples the RSS of a process every `intervalMs` until stopped; returns the peak. */
export function sampleRss(pid: number, intervalMs = 100): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** A database of its own on the PostgreSQL server of `baseUrl`, dropped by `drop()`. */
export async function createPostgresDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether a PostgreSQL server answers at `url` (the benchmarks and the suite skip it otherwise). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
