import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../server-process.js';
import { register, type RemoteUser } from './client.js';

/**
 * (f) SIGTERM drains: the server stops taking connections at once, lets the downloads that are running finish (PDF,
 * CSV, backup), and only then closes the database and exits 0. A download that does not finish within
 * SHUTDOWN_DRAIN_SECONDS is cut off, and the server still exits cleanly. Ports 3350–3359.
 */

const ROUTES = 1_000;
const started: ServerProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const server of started) await server.stop('SIGKILL').catch(() => {});
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-drain-'));
  dirs.push(dir);
  return dir;
}

/** The exit code, once the process has ended. */
function exitOf(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return Promise.resolve(server.child.exitCode);
  return new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
}

/** 1,000 routes through the CSV import, so that the PDF of all of them takes a while to render. */
async function seedRoutes(user: RemoteUser): Promise<void> {
  const lines = ['Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge'];
  for (let i = 0; i < ROUTES; i++)
    lines.push(`Strecke ${i} Würzburg–Fürth über Großheubach;KBS ${i};HU;FF;01.10.2026;;`);
  const response = await fetch(`${user.base}/api/import/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
    body: lines.join('\r\n'),
  });
  expect(response.status, await response.text()).toBe(200);
}

interface Download {
  status: number;
  body: Buffer;
  /** When the answer's headers arrived (performance.now()). */
  headersAt: number;
  /** Whether the body ended normally (not cut off). */
  complete: boolean;
}

/** A download on its own connection; `pauseMs` stops reading after the first chunk for that long. */
function download(user: RemoteUser, method: 'GET' | 'POST', url: string, pauseMs = 0): Promise<Download> {
  return new Promise((resolve, reject) => {
    const target = new URL(user.base + url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const headersAt = performance.now();
        const chunks: Buffer[] = [];
        let paused = pauseMs === 0;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (!paused) {
            paused = true;
            response.pause();
            setTimeout(() => response.resume(), pauseMs);
          }
        });
        const done = (complete: boolean) =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headersAt, complete });
        response.on('end', () => done(response.complete));
        response.on('aborted', () => done(false));
        response.on('error', () => done(false));
      },
    );
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('SIGTERM', () => {
  it('refuses new connections but finishes the running PDF, CSV and backup downloads, then exits 0', async () => {
    // One heavy operation per account at a time (plugins/heavy-operations.ts): three accounts, three downloads.
    const server = await startServer({ port: 3350, env: { DATA_DIR: dataDir(), HEAVY_OPERATIONS: '4' } });
    started.push(server);
    const [pdfUser, csvUser, backupUser] = await Promise.all(
      ['drain-pdf', 'drain-csv', 'drain-backup'].map((label) => register(server.url, label)),
    );
    for (const user of [pdfUser!, csvUser!, backupUser!]) await seedRoutes(user);

    const pdf = download(pdfUser!, 'POST', '/api/export/pdf');
    const csv = download(csvUser!, 'POST', '/api/export/csv', 1_500);
    const backup = download(backupUser!, 'GET', '/api/backup', 1_500);
    // The PDF of 1,000 routes takes well over a second to render and sign: it is running when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const exited = exitOf(server);

    // No new connections once the signal is handled (a busy main thread may take a moment to get to it).
    let refused = false;
    for (const deadline = performance.now() + 10_000; !refused && performance.now() < deadline;) {
      refused = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return false;
        },
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe(true);

    const [pdfAnswer, csvAnswer, backupAnswer] = await Promise.all([pdf, csv, backup]);
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headersAt).toBeGreaterThan(signalledAt);
    expect(pdfAnswer.complete).toBe(true);
    expect(pdfAnswer.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfAnswer.body.toString('latin1')).toContain('%StreckenpassProof');

    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.complete).toBe(true);
    expect(csvAnswer.body.toString('utf8').trim().split('\r\n').length).toBeGreaterThan(ROUTES);

    expect(backupAnswer.status).toBe(200);
    expect(backupAnswer.complete).toBe(true);
    const document = JSON.parse(backupAnswer.body.toString('utf8')) as { routes: unknown[] };
    expect(document.routes).toHaveLength(ROUTES);

    expect(await exited, server.output()).toBe(0);
  });

  it('cuts off a download that outlasts SHUTDOWN_DRAIN_SECONDS and still exits 0', async () => {
    const server = await startServer({ port: 3351, env: { DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: '0.1' } });
    started.push(server);
    const user = await register(server.url, 'drain-bound');
    await seedRoutes(user);

    // The PDF of 1,000 routes takes longer than the 0.1 s the drain allows.
    const cut = download(user, 'POST', '/api/export/pdf').then(
      (answer) => answer,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await exitOf(server);
    expect(code, server.output()).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(8_000);
    expect(server.output()).toContain('drain bound reached');
    // The reader sees the connection end without a complete answer.
    const answer = await cut;
    expect(answer === undefined || !answer.complete || answer.status !== 200).toBe(true);
    await expect(fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1_000) })).rejects.toThrow();
  });
});
