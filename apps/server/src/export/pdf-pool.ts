import os from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { workerSource, type WorkerSource } from '../lib/worker-source.js';
import type { MatrixPdfData } from './matrix-model.js';
import type { ExportData } from './model.js';
import type { RegisterPdfData } from './register-model.js';

/**
 * PDF rendering off the main thread: a small pool of worker threads (`pdf-worker.ts`) that render ExportData with
 * pdfkit and send the bytes back. Laying out 1,000 routes costs a few hundred milliseconds of CPU; in the main
 * thread that time would stall every other request (up to 440 ms event-loop delay measured), in a worker it does
 * not. Workers start on the first export, are reused, stop after a while without work (an isolate with pdfkit,
 * the parsed fonts and its heap: about 100 MB of RSS after a 1,000-route document) and are terminated by `close()`.
 *
 * Several documents may be drawn by one worker at the same time (pdfkit draws in slices and yields between them),
 * so a job never waits for a free worker; it goes to the worker with the fewest jobs, or to a new one while the
 * pool is below its size. There is no flow control towards the worker: pdfkit holds the whole document in memory
 * anyway (`bufferPages`, for "Seite X von Y"), so the bytes are pushed to the response as they arrive.
 */

/** What a worker renders: a driver's export (the Nachweis, the transfer document), a Betrieb's matrix or register. */
export type PdfSource = ExportData | MatrixPdfData | RegisterPdfData;

export type ToWorker = { type: 'render'; id: number; data: PdfSource } | { type: 'cancel'; id: number };
export type FromWorker =
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; message: string };

export interface PdfPoolOptions {
  /** Most worker threads at once; default: one per spare core, 1–2. */
  size?: number;
  /** A worker without a job for this long is stopped (a later export starts a new one). */
  idleMs?: number;
}

export interface PdfPool {
  /** The PDF as a stream; it fails (is destroyed with an error) when rendering fails. */
  render(data: PdfSource): Readable;
  /** Workers running and documents in progress, for tests and diagnostics. */
  stats(): { workers: number; jobs: number };
  /** Stops every worker; documents still in progress fail. */
  close(): Promise<void>;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Readable>;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * The worker's young generation is kept small (V8's default lets it grow to 3 × 16 MB): pdfkit makes many short-lived
 * objects (a string and a buffer per PDF operator), and a smaller nursery collects them sooner. The 1,000-route
 * document's worker share fell from about 140–185 MB to about 110–145 MB (bench/pdf-memory.ts, issue 30); the old
 * generation is not limited, so a large document is never cut off by a limit.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

export function defaultPoolSize(): number {
  return Math.min(2, Math.max(1, os.availableParallelism() - 1));
}

export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const idleMs = options.idleMs ?? 60_000;
  const workers: PoolWorker[] = [];
  let nextId = 1;
  let closed = false;
  let source: WorkerSource | undefined;

  function failAll(pooled: PoolWorker, error: Error) {
    const streams = [...pooled.jobs.values()];
    pooled.jobs.clear();
    for (const stream of streams) stream.destroy(error);
  }

  function remove(pooled: PoolWorker) {
    const index = workers.indexOf(pooled);
    if (index >= 0) workers.splice(index, 1);
    clearTimeout(pooled.idleTimer);
  }

  function spawn(): PoolWorker {
    source ??= workerSource(import.meta.url, 'pdf-worker');
    const worker = new Worker(source.entry, { eval: source.eval, resourceLimits: WORKER_LIMITS });
    const pooled: PoolWorker = { worker, jobs: new Map(), idleTimer: undefined };
    worker.on('message', (message: FromWorker) => {
      const stream = pooled.jobs.get(message.id);
      if (!stream) return; // cancelled meanwhile
      if (message.type === 'chunk') {
        stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        return;
      }
      pooled.jobs.delete(message.id);
      if (message.type === 'end') stream.push(null);
      else stream.destroy(new Error(`PDF rendering failed: ${message.message}`));
      idleCheck(pooled);
    });
    // An uncaught error ends the worker: its documents fail, the next export starts a new one.
    worker.on('error', (error) => {
      remove(pooled);
      failAll(pooled, error);
    });
    worker.on('exit', (code) => {
      remove(pooled);
      failAll(pooled, new Error(`PDF worker exited (code ${code})`));
    });
    workers.push(pooled);
    return pooled;
  }

  function idleCheck(pooled: PoolWorker) {
    clearTimeout(pooled.idleTimer);
    pooled.idleTimer = undefined;
    if (pooled.jobs.size > 0 || closed) return;
    pooled.idleTimer = setTimeout(() => {
      if (pooled.jobs.size > 0) return;
      remove(pooled);
      void pooled.worker.terminate();
    }, idleMs);
    pooled.idleTimer.unref();
  }

  function pick(): PoolWorker {
    const leastBusy = workers.reduce<PoolWorker | undefined>(
      (best, candidate) => (!best || candidate.jobs.size < best.jobs.size ? candidate : best),
      undefined,
    );
    if (leastBusy && (leastBusy.jobs.size === 0 || workers.length >= size)) return leastBusy;
    return spawn();
  }

  return {
    render(data) {
      if (closed) return Readable.from([]).destroy(new Error('PDF renderer is closed'));
      const id = nextId++;
      const pooled = pick();
      const stream = new Readable({
        read() {},
        destroy(error, callback) {
          // The reader has gone (or rendering failed): tell the worker to stop drawing.
          if (pooled.jobs.delete(id)) {
            pooled.worker.postMessage({ type: 'cancel', id } satisfies ToWorker);
            idleCheck(pooled);
          }
          callback(error);
        },
      });
      clearTimeout(pooled.idleTimer);
      pooled.jobs.set(id, stream);
      pooled.worker.postMessage({ type: 'render', id, data } satisfies ToWorker);
      return stream;
    },
    stats() {
      return { workers: workers.length, jobs: workers.reduce((sum, pooled) => sum + pooled.jobs.size, 0) };
    },
    async close() {
      closed = true;
      const stopping = workers.splice(0).map(async (pooled) => {
        clearTimeout(pooled.idleTimer);
        failAll(pooled, new Error('PDF renderer closed'));
        await pooled.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
