import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresReachable, startServer, type ServerProcess } from '../server-process.js';
import { call, register, waitForHealth, type Answer, type RemoteUser } from './client.js';

/**
 * (c) The PostgreSQL connection lost and back, with the server process running throughout (same pid):
 *   1. the app's connections are terminated (pg_terminate_backend), three times;
 *   2. the database refuses new connections for 4 seconds (allow_connections false, connections terminated);
 *   3. it accepts them again.
 * A steady stream of reads and writes runs all along. Every answer is 2xx or 503 problem details (never 500, never
 * no answer); during the outage /api/health and the API answer 503; afterwards both recover on their own.
 */

const PORT = 3322;
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTAGE_MS = 4_000;

interface Sample {
  at: number;
  /** The phase when the request was sent; `endPhase` when its answer came. */
  phase: string;
  endPhase: string;
  what: string;
  status: number;
  /** 503 answers: problem details whose status matches. */
  problem: boolean;
  retryAfter: boolean;
}

describe('PostgreSQL connection lost and back', async () => {
  const reachable = await postgresReachable(PG_BASE);
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess;
  let admin: pg.Client;
  let user: RemoteUser;
  let dataDir: string;

  beforeAll(async () => {
    if (!reachable) return;
    database = await createPostgresDatabase(PG_BASE, 'sp_resilience_outage');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-outage-'));
    server = await startServer({ port: PORT, env: { DATABASE_URL: database.url, DATA_DIR: dataDir } });
    admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    user = await register(server.url, 'outage');
  });

  afterAll(async () => {
    if (!reachable) return;
    await admin.query(`alter database ${database.name} allow_connections true`).catch(() => {});
    await server?.stop();
    await admin.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const terminate = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database.name],
    );

  it.skipIf(!reachable)('answers 503 while the database is gone and recovers without a restart', async () => {
    const pid = server.pid;
    let phase = 'before';
    let running = true;
    const samples: Sample[] = [];
    const failures: string[] = [];
    const started = performance.now();

    // Four clients: list, expiring list, create a vehicle, health.
    const loop = async (what: string, request: () => Promise<Answer>) => {
      while (running) {
        const current = phase;
        try {
          const answer = await request();
          const body = answer.body as { status?: number; title?: string } | undefined;
          samples.push({
            at: performance.now() - started,
            phase: current,
            endPhase: phase,
            what,
            status: answer.status,
            problem: answer.contentType.includes('application/problem+json') && body?.status === answer.status,
            retryAfter: answer.retryAfter !== null,
          });
        } catch (error) {
          failures.push(`${current}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const health = async () => {
      while (running) {
        const current = phase;
        try {
          const answer = await call({ base: server.url }, 'GET', '/api/health', undefined, 5_000);
          samples.push({
            at: performance.now() - started,
            phase: `health:${current}`,
            endPhase: `health:${phase}`,
            what: 'GET /api/health',
            status: answer.status,
            problem: true,
            retryAfter: true,
          });
        } catch (error) {
          failures.push(`health ${current}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    let n = 0;
    const loops = Promise.all([
      loop('GET /api/routes', () => call(user, 'GET', '/api/routes')),
      loop('GET /api/routes/expiring', () => call(user, 'GET', '/api/routes/expiring')),
      loop('POST /api/vehicles', () => call(user, 'POST', '/api/vehicles', { name: `Fahrzeug ${++n}` })),
      health(),
    ]);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    phase = 'terminated';
    for (let i = 0; i < 3; i++) {
      await terminate();
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    phase = 'after-terminate';
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    phase = 'outage';
    await admin.query(`alter database ${database.name} allow_connections false`);
    await terminate();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    phase = 'recovering';
    await admin.query(`alter database ${database.name} allow_connections true`);
    const recoveredInMs = await waitForHealth(server.url, 200, 15_000).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\nserver output:\n${server.output()}`);
    });
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    running = false;
    await loops;

    const api = samples.filter((s) => !s.phase.startsWith('health'));
    const count = (list: Sample[], predicate: (s: Sample) => boolean) => list.filter(predicate).length;
    const summary = ['before', 'terminated', 'after-terminate', 'outage', 'recovering', 'after']
      .map((p) => {
        const inPhase = samples.filter((s) => s.phase === p || s.phase === `health:${p}`);
        const statuses = new Map<number, number>();
        inPhase.forEach((s) => statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1));
        return `${p}: ${[...statuses].map(([status, k]) => `${status}×${k}`).join(' ')}`;
      })
      .join(' | ');
    const unexpected = samples
      .filter((s) => s.status === 503 && !s.phase.endsWith('outage') && !s.phase.endsWith('terminated'))
      .map((s) => `${s.what} ${s.phase}→${s.endPhase} at ${Math.round(s.at)} ms`);
    console.info(
      `${summary}\nhealthy again ${Math.round(recoveredInMs)} ms after the database accepted connections` +
        (unexpected.length > 0 ? `\n503 outside the outage: ${unexpected.join(', ')}` : ''),
    );

    expect(failures).toEqual([]);
    // Never a 500, never anything but success or 503 problem details.
    expect(count(samples, (s) => s.status >= 500 && s.status !== 503)).toBe(0);
    expect(count(api, (s) => s.status >= 300 && s.status !== 503)).toBe(0);
    expect(count(api, (s) => s.status === 503 && !(s.problem && s.retryAfter))).toBe(0);
    // During the outage: the API and the health check say 503 (after the first moment, every answer).
    const outage = samples.filter((s) => s.phase.endsWith('outage') && s.endPhase.endsWith('outage'));
    expect(count(outage, (s) => s.status === 503)).toBeGreaterThan(0);
    const lateOutage = outage.filter((s) => s.at > outage[0]!.at + 500);
    expect(lateOutage.length).toBeGreaterThan(0);
    expect(lateOutage.every((s) => s.status === 503)).toBe(true);
    // Afterwards: everything succeeds again, in the same process.
    const after = samples.filter((s) => s.phase === 'after' || s.phase === 'health:after');
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((s) => s.status < 300)).toBe(true);
    expect(server.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
  });
});
