import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { workerSource } from '../lib/worker-source.js';
import type { OpenPglite, PgliteClient, PgliteOpenOptions, PgliteOrigin } from './pglite-open.js';
import type { FromPgliteWorker, ToPgliteWorker, WireError, WireQueryOptions } from './pglite-worker.js';

/**
 * The main thread's side of the embedded database's thread (db/pglite-worker.ts, docs/decisions/0050): an object
 * with PGlite's query, exec, transaction and listen, so that drizzle's PGlite driver, the stats and the migrator-free
 * rest of the app use it as they used PGlite. Each call is one message to the worker and one answer back; rows
 * cross the thread by structured clone (what PGlite returns is plain data: strings, numbers, booleans, parsed JSON,
 * byte arrays, big integers).
 *
 * A transaction is opened in the worker and stays open (holding PGlite's transaction lock, as before) until the
 * callback here settles: then it is committed, or rolled back when the callback threw.
 */

type Request = ToPgliteWorker extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class DatabaseThreadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseThreadError';
  }
}

function fromWire(wire: WireError): Error {
  const error = new Error(wire.message, wire.cause ? { cause: fromWire(wire.cause) } : undefined);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  if (wire.stack) error.stack = wire.stack;
  return error;
}

const PROBE = '\u0000text';

/** An answer from the worker this recent shows that it makes progress (see `ping`). */
const PROGRESS_FRESH_MS = 1000;

/**
 * Drizzle passes parsers that return the text unchanged (dates, timestamps, intervals, numeric arrays stay strings).
 * Only those cross the thread, as a list of type ids; any other function could not run in the worker.
 */
function toWire(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, paramTypes, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (unsupported.length) throw new DatabaseThreadError(`query options not supported across threads: ${unsupported}`);
  let textTypes: number[] | undefined;
  if (parsers) {
    textTypes = [];
    for (const [type, parse] of Object.entries(parsers)) {
      if (parse(PROBE, Number(type)) !== PROBE) {
        throw new DatabaseThreadError(
          `parser for type ${type} changes the value: it cannot run in the database thread`,
        );
      }
      textTypes.push(Number(type));
    }
  }
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(textTypes ? { textTypes } : {}),
    ...(paramTypes ? { paramTypes } : {}),
  };
}

/** Starts the database's thread, which opens the files meanwhile (`opened`); `close()` also ends the thread. */
export function openPgliteThread(data: PgliteOpenOptions): OpenPglite {
  const source = workerSource(import.meta.url, 'pglite-worker');
  const worker = new Worker(source.entry, { eval: source.eval, workerData: data });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const notifyHandlers = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let ended: Error | undefined;
  /** When the worker last answered, or when work was last sent to it while idle (the health check's clock). */
  let lastProgress = performance.now();
  let progressWaiters: (() => void)[] = [];
  const wakeProgressWaiters = () => {
    const waiting = progressWaiters;
    progressWaiters = [];
    for (const wake of waiting) wake();
  };

  let ready!: (origin: PgliteOrigin) => void;
  let failed!: (error: Error) => void;
  const opened = new Promise<PgliteOrigin>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });

  const end = (error: Error) => {
    ended ??= error;
    failed(ended);
    const calls = [...pending.values()];
    pending.clear();
    for (const { reject } of calls) reject(ended);
    wakeProgressWaiters();
  };
  worker.on('message', (message: FromPgliteWorker) => {
    lastProgress = performance.now();
    wakeProgressWaiters();
    switch (message.type) {
      case 'ready':
        ready(message.origin);
        return;
      case 'failed':
        end(fromWire(message.error));
        return;
      case 'notify':
        notifyHandlers.get(message.listenId)?.(message.payload);
        return;
      case 'result':
      case 'error': {
        const call = pending.get(message.id);
        if (!call) return;
        pending.delete(message.id);
        if (message.type === 'result') call.resolve(message.value);
        else call.reject(fromWire(message.error));
      }
    }
  });
  worker.on('error', (error) =>
    end(new DatabaseThreadError(`the database thread failed: ${error.message}`, { cause: error })),
  );
  worker.on('exit', (code) => end(new DatabaseThreadError(`the database thread ended (exit code ${code})`)));

  // Like PGlite in the main thread, the thread keeps the process alive only while a call waits for its answer.
  const settled = () => {
    if (pending.size === 0) worker.unref();
  };
  const call = <T>(request: Request, id = nextId++): Promise<T> => {
    if (ended) return Promise.reject(ended);
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) {
        worker.ref();
        lastProgress = performance.now();
      }
      pending.set(id, {
        resolve: (value) => {
          resolve(value as T);
          settled();
        },
        reject: (error) => {
          reject(error);
          settled();
        },
      });
      worker.postMessage({ ...request, id } as ToPgliteWorker);
    });
  };

  /**
   * Fairness between a long operation cut into short transactions (a restore, issue 24) and other requests. With
   * PGlite in the main thread, a request whose statement ran between two such transactions got its answer at once
   * and issued its next statement before the next transaction began (the operation yields to the event loop after
   * each step): its few statements all ran between two steps. Across threads the answer needs a round trip and the
   * next BEGIN got there first, so the request waited one whole step per statement (1.7–1.8 s instead of 0.15–0.3 s
   * in heavy-operations.test.ts). So a transaction starts only once the plain statements in flight are answered and
   * their callers have had a turn of the event loop to issue the next one — for at most 50 ms, so that a steady stream
   * of reads cannot hold writes back.
   */
  let plainInFlight = 0;
  let plainSettled: (() => void)[] = [];
  const plain = <T>(sent: Promise<T>): Promise<T> => {
    plainInFlight += 1;
    return sent.finally(() => {
      plainInFlight -= 1;
      if (plainInFlight > 0) return;
      const waiting = plainSettled;
      plainSettled = [];
      for (const resolve of waiting) resolve();
    });
  };
  const afterPlainStatements = async () => {
    const deadline = performance.now() + 50;
    while (performance.now() < deadline) {
      if (plainInFlight > 0) {
        await new Promise<void>((resolve) => {
          plainSettled.push(resolve);
          setTimeout(resolve, Math.max(0, deadline - performance.now())).unref();
        });
        continue;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (plainInFlight === 0) return;
    }
  };

  const query = <T>(tx: number | undefined, sql: string, params: unknown[] = [], options?: QueryOptions) => {
    const sent = call<Results<T>>({
      op: 'query',
      ...(tx === undefined ? {} : { tx }),
      sql,
      params,
      options: toWire(options),
    });
    return tx === undefined ? plain(sent) : sent;
  };
  const exec = (tx: number | undefined, sql: string, options?: QueryOptions) => {
    const sent = call<Results[]>({ op: 'exec', ...(tx === undefined ? {} : { tx }), sql, options: toWire(options) });
    return tx === undefined ? plain(sent) : sent;
  };

  const transaction = async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
    if (ended) throw ended;
    await afterPlainStatements();
    const id = nextId++;
    await call<void>({ op: 'begin' }, id);
    let closed = false;
    const open = () => {
      if (closed) throw new DatabaseThreadError('Transaction is closed');
    };
    const tx: Transaction = {
      query: async (sql, params, options) => (open(), query(id, sql, params, options)),
      sql: () => Promise.reject(new DatabaseThreadError('tx.sql is not available across threads')),
      exec: async (sql, options) => (open(), exec(id, sql, options)),
      rollback: async () => {
        open();
        closed = true;
        await call<void>({ op: 'end', tx: id, commit: false });
      },
      listen: () =>
        Promise.reject(new DatabaseThreadError('LISTEN inside a transaction is not available across threads')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await call<void>({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await call<void>({ op: 'end', tx: id, commit: true });
    }
    return result;
  };

  const client = {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => query<T>(undefined, sql, params, options),
    exec: (sql: string, options?: QueryOptions) => exec(undefined, sql, options),
    transaction,
    listen: async (channel: string, callback: (payload: string) => void) => {
      const listenId = nextId++;
      notifyHandlers.set(listenId, callback);
      try {
        await call<void>({ op: 'listen', channel }, listenId);
      } catch (error) {
        notifyHandlers.delete(listenId);
        throw error;
      }
      return async () => {
        notifyHandlers.delete(listenId);
        await call<void>({ op: 'unlisten', listenId });
      };
    },
  } as unknown as PgliteClient;

  // Returned at once: the app builds while the thread opens the files, and its first statements wait there.
  opened.then(settled, () => void worker.terminate());
  return {
    client,
    opened,
    /**
     * The health checks' question — is the database thread alive and making progress? — answered without a message:
     * a ping would wait behind every statement queued in the worker (PGlite's lock serves them first), so under load
     * a busy but healthy instance looked dead to a load balancer (/api/health p99 0.6–1.0 s at 50 connections). The
     * thread is well when nothing waits for it, or when it answered within the last second; otherwise the check waits
     * for its next answer (the caller bounds the wait). A dead thread or a closed database fails at once.
     */
    ping: () => {
      if (ended) return Promise.reject(ended);
      if (pending.size === 0 || performance.now() - lastProgress < PROGRESS_FRESH_MS) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        progressWaiters.push(() => (ended ? reject(ended) : resolve()));
      });
    },
    dumpDataDir: async () => new Blob([await call<Uint8Array>({ op: 'dump' })]),
    close: async () => {
      if (ended) return;
      await call<void>({ op: 'close' });
      ended = new DatabaseThreadError('the database is closed');
      await worker.terminate();
    },
  };
}
