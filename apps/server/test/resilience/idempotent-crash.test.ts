import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresReachable, startServer, type ServerProcess } from '../server-process.js';
import { call, register, type RemoteUser } from './client.js';

/**
 * Crash-safe Idempotency-Key (issue 14): 400 keyed writes (POST /api/vehicles, 10 at a time, each with its own
 * key), the server killed with SIGKILL in the middle, restarted, and then EVERY key sent again, as an offline queue
 * would after a crash. Each retry must be answered with the original record (replayed) or executed now; no key may
 * be refused as "in progress", and every key must have created exactly one vehicle.
 */

const TOTAL = 400;
const KILL_AFTER = 150;
const CONCURRENCY = 10;
const PORT = 3323;
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Vehicle {
  id: number;
  name: string;
}

async function send(user: RemoteUser, n: number) {
  return call(user, 'POST', '/api/vehicles', { name: `Fahrzeug ${n}` }, 15_000, { 'idempotency-key': `crash-${n}` });
}

async function crashAndRetry(label: string, env: Record<string, string>) {
  let server: ServerProcess = await startServer({ port: PORT, env });
  try {
    const user = await register(server.url, `keyed-${label}`);
    const firstAnswers = new Map<number, Vehicle>();
    let next = 0;
    let killed = false;
    const victim = server;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!killed && next < TOTAL) {
          const n = next++;
          try {
            const answer = await send(user, n);
            if (answer.status === 201) firstAnswers.set(n, answer.body as Vehicle);
            if (firstAnswers.size === KILL_AFTER && !killed) {
              killed = true;
              victim.child.kill('SIGKILL');
            }
          } catch {
            // in flight at the kill: no answer
          }
        }
      }),
    );
    await victim.stop('SIGKILL');

    server = await startServer({ port: PORT, env });
    // Every key again, whether it was answered, in flight, or never sent.
    const statuses = new Map<number, number>();
    const retried = new Map<number, Vehicle>();
    let replayed = 0;
    let cursor = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (cursor < TOTAL) {
          const n = cursor++;
          const answer = await send(user, n);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 201) retried.set(n, answer.body as Vehicle);
        }
      }),
    );
    for (const [n, first] of firstAnswers) {
      expect(retried.get(n), `key ${n}`).toEqual(first);
      replayed += 1;
    }
    const list = await call(user, 'GET', '/api/vehicles');
    const stored = list.body as Vehicle[];
    const perName = new Map<string, number>();
    for (const vehicle of stored) perName.set(vehicle.name, (perName.get(vehicle.name) ?? 0) + 1);
    console.info(
      `${label}: ${firstAnswers.size} answered before SIGKILL (${next} sent); after the restart every key retried: ` +
        `${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')}; ${replayed} with the original ` +
        `record; ${stored.length} vehicles stored`,
    );
    expect([...statuses.keys()]).toEqual([201]);
    expect(stored.length).toBe(TOTAL);
    expect([...perName.values()].every((count) => count === 1)).toBe(true);
  } finally {
    await server.stop();
  }
}

describe('SIGKILL during keyed writes, then every key retried', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('answers or executes every key exactly once on PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-keyed-'));
    dirs.push(dataDir);
    await crashAndRetry('PGlite', { DATA_DIR: dataDir });
  });

  it('answers or executes every key exactly once on PostgreSQL', async (context) => {
    if (!(await postgresReachable(PG_BASE))) return context.skip();
    const database = await createPostgresDatabase(PG_BASE, 'sp_resilience_keyed');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-keyed-pg-'));
    dirs.push(dataDir);
    try {
      await crashAndRetry('PostgreSQL', { DATABASE_URL: database.url, DATA_DIR: dataDir });
    } finally {
      await database.drop();
    }
  });
});
