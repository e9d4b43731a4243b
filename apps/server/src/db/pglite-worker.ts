import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { snapshotDataDir } from './pglite-backup.js';
import { openPgliteFiles, type PgliteOpenOptions, type PgliteOrigin } from './pglite-open.js';

/**
 * The embedded database's own thread (docs/decisions/0050-pglite-in-a-worker-thread.md). PGlite runs every statement
 * synchronously in WebAssembly; here that time no longer stalls the main thread's requests, health checks and
 * static files. This module only opens PGlite (db/pglite-open.ts), and answers the main thread's calls (db/pglite-thread.ts)
 * one message each: PGlite's own locks order them exactly as they did in the main thread (a statement outside a
 * transaction waits until the open transaction ends).
 */

/** Query options that cross the thread: parsers only as "leave these types as text" (drizzle's only use). */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  textTypes?: number[];
  paramTypes?: number[];
}

export type ToPgliteWorker =
  | { op: 'query'; id: number; tx?: number; sql: string; params: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; id: number; tx?: number; sql: string; options?: WireQueryOptions }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** An error as it crosses the thread: PostgreSQL's fields (code, detail, constraint, …) kept, functions dropped. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
  cause?: WireError;
}

export type FromPgliteWorker =
  | { type: 'ready'; origin: PgliteOrigin }
  | { type: 'failed'; error: WireError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: WireError }
  | { type: 'notify'; listenId: number; payload: string };

export function toWireError(error: unknown, depth = 0): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
    ...(error.cause !== undefined && depth < 3 ? { cause: toWireError(error.cause, depth + 1) } : {}),
  };
}

const identity = (value: unknown) => value;
const textParsers = new Map<string, Record<number, (value: string) => unknown>>();

function queryOptions(options: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, textTypes, paramTypes } = options;
  let parsers: Record<number, (value: string) => unknown> | undefined;
  if (textTypes?.length) {
    const key = textTypes.join(',');
    parsers = textParsers.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(textTypes.map((type) => [type, identity]));
      textParsers.set(key, parsers);
    }
  }
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(parsers ? { parsers } : {}),
    ...(paramTypes ? { paramTypes } : {}),
  };
}

/** PGlite's results without what cannot cross the thread (a result's blob is not used by the app). */
function plain(result: Results): Results {
  return {
    rows: result.rows,
    fields: result.fields,
    ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
  };
}

async function main(): Promise<void> {
  const port = parentPort!;
  const send = (message: FromPgliteWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

  let client: PGlite;
  let origin: PgliteOrigin;
  try {
    ({ client, origin } = await openPgliteFiles(workerData as PgliteOpenOptions));
  } catch (error) {
    send({ type: 'failed', error: toWireError(error) });
    return;
  }

  const transactions = new Map<number, Transaction>();
  /** Open transactions' decisions: resolving one lets PGlite commit (true) or roll back (false). */
  const decisions = new Map<number, (commit: boolean) => void>();
  const endings = new Map<number, Promise<void>>();
  const listeners = new Map<number, () => Promise<void>>();
  const rollback = new Error('rolled back by the main thread');

  const on = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open;
  };

  const handle = async (message: ToPgliteWorker): Promise<unknown> => {
    switch (message.op) {
      case 'query':
        return plain(await on(message.tx).query(message.sql, message.params, queryOptions(message.options)));
      case 'exec':
        return (await on(message.tx).exec(message.sql, queryOptions(message.options))).map(plain);
      case 'begin':
        return new Promise<void>((began, failed) => {
          let started = false;
          const decided = new Promise<boolean>((resolve) => decisions.set(message.id, resolve));
          const ending = client
            .transaction(async (tx) => {
              transactions.set(message.id, tx);
              started = true;
              began();
              if (!(await decided)) throw rollback;
            })
            .catch((error: unknown) => {
              if (error !== rollback) throw error;
            })
            .finally(() => {
              transactions.delete(message.id);
              decisions.delete(message.id);
            });
          endings.set(message.id, ending);
          ending.catch((error: unknown) => {
            if (!started) {
              endings.delete(message.id);
              failed(error);
            }
          });
        });
      case 'end': {
        const ending = endings.get(message.tx);
        if (!ending) throw new Error(`transaction ${message.tx} is not open`);
        endings.delete(message.tx);
        decisions.get(message.tx)?.(message.commit);
        await ending;
        return undefined;
      }
      case 'listen': {
        const unlisten = await client.listen(message.channel, (payload) =>
          send({ type: 'notify', listenId: message.id, payload }),
        );
        listeners.set(message.id, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = listeners.get(message.listenId);
        listeners.delete(message.listenId);
        await unlisten?.();
        return undefined;
      }
      case 'dump':
        return new Uint8Array(await (await snapshotDataDir(client)).arrayBuffer());
      case 'close':
        await client.close();
        return undefined;
    }
  };

  port.on('message', (message: ToPgliteWorker) => {
    handle(message).then(
      (value) => {
        // A dump's bytes are moved, not copied.
        send(
          { type: 'result', id: message.id, value },
          value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : undefined,
        );
        // Closed: nothing keeps this thread alive any more, it ends.
        if (message.op === 'close') port.close();
      },
      (error: unknown) => send({ type: 'error', id: message.id, error: toWireError(error) }),
    );
  });
  send({ type: 'ready', origin });
}

void main();
