/**
 * Entry of a PDF worker thread (started by `pdf-pool.ts`): renders the ExportData (or matrix) it receives with pdfkit and
 * posts the bytes back. pdfkit and the fonts are loaded here only, never in the server's main thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './pdf-pool.js';
import { renderMatrixPdf } from './matrix-pdf.js';
import { renderPdf } from './pdf.js';
import { renderRegisterPdf } from './register-pdf.js';

if (!parentPort) throw new Error('pdf-worker.ts runs as a worker thread (see pdf-pool.ts)');
const port = parentPort;

/**
 * Rendering is batch work; answering requests is not. On Linux (where a priority is per thread) this thread runs
 * at a lower priority than the main thread, so that on busy cores the main thread gets them first. Elsewhere, or
 * if not permitted, it keeps the normal priority.
 */
function lowerPriority() {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), 10));
  } catch {
    // not Linux, or no /proc: normal priority
  }
}
lowerPriority();

/** pdfkit emits one small chunk per PDF object; they are posted in batches of this size. */
const BATCH_BYTES = 64 * 1024;

const jobs = new Map<number, Readable>();

function post(message: FromWorker, transfer?: ArrayBuffer[]) {
  port.postMessage(message, transfer);
}

function start(id: number, data: Extract<ToWorker, { type: 'render' }>['data']) {
  let stream: Readable;
  try {
    if (!('document' in data)) stream = renderPdf(data);
    else stream = data.document === 'register' ? renderRegisterPdf(data) : renderMatrixPdf(data);
  } catch (error) {
    post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  jobs.set(id, stream);
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    // A copy into a buffer of its own: pdfkit's chunks may be views of Node's shared allocation pool, which must
    // not be transferred (detached) to the main thread.
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of pending) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    pending = [];
    size = 0;
    post({ type: 'chunk', id, bytes }, [bytes.buffer]);
  };
  stream.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    size += chunk.length;
    if (size >= BATCH_BYTES) flush();
  });
  stream.on('end', () => {
    jobs.delete(id);
    flush();
    post({ type: 'end', id });
  });
  stream.on('error', (error) => {
    jobs.delete(id);
    post({ type: 'error', id, message: error.message });
  });
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'render') start(message.id, message.data);
  else {
    // The reader has gone: renderPdf stops drawing at its next slice.
    jobs.get(message.id)?.destroy();
    jobs.delete(message.id);
  }
});
