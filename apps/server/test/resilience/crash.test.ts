import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@streckenpass/contract/limits';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresReachable, startServer, type ServerProcess } from '../server-process.js';
import { call, register, type RemoteUser } from './client.js';

/**
 * (b) Durability: the server is killed with SIGKILL in the middle of 990 writes (POST /api/vehicles, 10 at a
 * time), restarted on the same data, and the rest of the 1,000 are written. Every write the server acknowledged
 * (201 with the record) must be there afterwards, exactly once, on PGlite (DATA_DIR) and on PostgreSQL. Writes
 * in flight at the kill got no answer; they may or may not have been stored, and the client would retry them.
 */

const CONCURRENCY = 10;
/**
 * Just under the account's vehicle quota (1,000): the up to CONCURRENCY writes in flight at the kill may have been
 * stored without an answer, and with them the account must still have room for every write of phase 2.
 */
const TOTAL = LIMITS.vehiclesPerAccount - CONCURRENCY;
const KILL_AFTER = 500;
const PORT = 3321;
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Acknowledged {
  id: number;
  name: string;
}

/**
 * Writes vehicles named after the numbers `next()` hands out (null = stop), CONCURRENCY at a time; returns the
 * acknowledged ones, how many requests got no answer, and the statuses.
 */
async function write(user: RemoteUser, next: () => number | null, onAck: (count: number) => void) {
  const acknowledged: Acknowledged[] = [];
  let unanswered = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let n = next(); n !== null; n = next()) {
        const name = `Fahrzeug ${n}`;
        try {
          const answer = await call(user, 'POST', '/api/vehicles', { name });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 201) {
            const body = answer.body as { id: number; name: string };
            acknowledged.push({ id: body.id, name: body.name });
            onAck(acknowledged.length);
          }
        } catch {
          unanswered += 1;
        }
      }
    }),
  );
  return { acknowledged, unanswered, statuses };
}

async function crashAndRecover(label: string, env: Record<string, string>) {
  let server: ServerProcess = await startServer({ port: PORT, env });
  let killed = false;
  try {
    const user = await register(server.url, `crash-${label}`);
    let counter = 0;
    const victim = server;
    // Phase 1: write until KILL_AFTER are acknowledged, then SIGKILL with writes in flight.
    const first = await write(
      user,
      () => (killed || counter >= TOTAL ? null : counter++),
      (count) => {
        if (count === KILL_AFTER && !killed) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      },
    );
    await victim.stop('SIGKILL');
    expect(first.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(Object.fromEntries(first.statuses)).toEqual({ 201: first.acknowledged.length });

    // Phase 2: the same data, a new process; the remaining writes.
    server = await startServer({ port: PORT, env });
    const restartMs = server.startupMs;
    let remaining = TOTAL - first.acknowledged.length;
    const second = await write(
      user,
      () => (remaining-- > 0 ? counter++ : null),
      () => {},
    );
    expect(Object.fromEntries(second.statuses)).toEqual({ 201: second.acknowledged.length });
    const acknowledged = [...first.acknowledged, ...second.acknowledged];

    const list = await call(user, 'GET', '/api/vehicles');
    expect(list.status).toBe(200);
    const stored = new Map((list.body as Acknowledged[]).map((vehicle) => [vehicle.id, vehicle.name]));
    const missing = acknowledged.filter((ack) => stored.get(ack.id) !== ack.name);
    console.info(
      `${label}: ${first.acknowledged.length} acknowledged before SIGKILL, ${first.unanswered} unanswered at the ` +
        `kill; restarted in ${Math.round(restartMs)} ms; ${acknowledged.length} acknowledged in all, ` +
        `${stored.size} stored, ${missing.length} acknowledged but missing`,
    );
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBe(TOTAL);
    // Nothing was stored twice or invented: at most the unanswered ones come on top.
    expect(stored.size).toBeLessThanOrEqual(acknowledged.length + first.unanswered);
    expect(new Set(acknowledged.map((ack) => ack.id)).size).toBe(acknowledged.length);
  } finally {
    await server.stop();
  }
}

describe('SIGKILL in the middle of 990 acknowledged writes', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('keeps every acknowledged write on PGlite (DATA_DIR)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-crash-'));
    dirs.push(dataDir);
    await crashAndRecover('PGlite', { DATA_DIR: dataDir });
  });

  it('keeps every acknowledged write on PostgreSQL', async (context) => {
    if (!(await postgresReachable(PG_BASE))) return context.skip();
    const database = await createPostgresDatabase(PG_BASE, 'sp_resilience_crash');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-crash-pg-'));
    dirs.push(dataDir);
    try {
      await crashAndRecover('PostgreSQL', { DATABASE_URL: database.url, DATA_DIR: dataDir });
    } finally {
      await database.drop();
    }
  });
});
