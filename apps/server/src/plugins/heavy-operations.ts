import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { addRouteHook } from '../http/route-hooks.js';
import { HttpError } from '../lib/errors.js';

/** The heavy operations and how a refusal names the one already running. */
export const HEAVY_KINDS = {
  import: 'ein CSV-Import',
  restore: 'eine Wiederherstellung',
  backup: 'eine Sicherung',
  export: 'ein Export',
} as const;
export type HeavyKind = keyof typeof HEAVY_KINDS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks an upload, a restore, a backup or an export: one at a time per account (a second answers 429), at most
     * `HEAVY_OPERATIONS` at a time per process (more answer 503), the slot taken before the body is read.
     */
    heavy?: HeavyKind;
  }
  interface FastifyRequest {
    heavySlot: HeavySlot | null;
  }
}

interface HeavySlot {
  userId: number;
  token: string;
  released: boolean;
  handlerStarted: boolean;
}

/** A crashed process's lease counts this long; no operation of a bounded input runs anywhere near it. */
const LEASE_SECONDS = 600;
/** What a refused caller is told to wait before trying again. */
const RETRY_AFTER_USER = 10;
const RETRY_AFTER_PROCESS = 5;

function refusal(status: 429 | 503, retryAfter: number, detail: string): HttpError {
  const error = new HttpError(status, status === 429 ? 'Too Many Requests' : 'Service Unavailable', detail);
  error.headers = { 'retry-after': String(retryAfter) };
  return error;
}

/**
 * Heavy operations bounded per account and per process (issue 24): an import, a restore, a backup or an export of
 * one account runs alone — across every instance, through a lease row in `heavy_operations` — and one process runs
 * at most `config.heavyOperations` of them. The slot is taken in `preParsing`, after authentication and before the
 * body (up to the upload limit) is read and validated, and released when the handler ends or, when it never starts
 * (refused body, client gone), when the response ends.
 */
export default fp(
  async (app) => {
    let running = 0;
    app.decorateRequest('heavySlot', null);

    async function release(slot: HeavySlot): Promise<void> {
      if (slot.released) return;
      slot.released = true;
      running -= 1;
      await app.heavyOperations
        .release(slot.userId, slot.token)
        .catch((err: unknown) => app.log.warn({ err }, 'heavy operation lease not released'));
    }

    const acquire = async (request: FastifyRequest) => {
      const kind = request.routeOptions.config.heavy;
      if (!kind || !request.auth) return;
      const userId = request.auth.id;
      const token = randomUUID();
      const acquired = await app.heavyOperations.acquire(userId, kind, token, LEASE_SECONDS);
      if (!acquired) {
        const other = await app.heavyOperations.runningKind(userId);
        const what = HEAVY_KINDS[(other ?? kind) as HeavyKind] ?? HEAVY_KINDS[kind];
        throw refusal(
          429,
          RETRY_AFTER_USER,
          `Für Ihr Konto läuft gerade ${what}. Bitte warten Sie, bis dieser Vorgang abgeschlossen ist, und versuchen ` +
            'Sie es dann erneut.',
        );
      }
      // The process's count is checked and taken in one synchronous step (no other request runs in between).
      const slot: HeavySlot = { userId, token, released: false, handlerStarted: false };
      running += 1;
      if (running > app.config.heavyOperations) {
        await release(slot);
        throw refusal(
          503,
          RETRY_AFTER_PROCESS,
          'Der Server verarbeitet gerade andere Importe und Sicherungen. Bitte versuchen Sie es in wenigen Sekunden erneut.',
        );
      }
      request.heavySlot = slot;
    };

    // A slot is released when the handler ends (below) or, when the handler never ran (a refused or unreadable body,
    // a client that left), with the answer.
    const releaseUnhandled = async (request: FastifyRequest) => {
      const slot = request.heavySlot;
      if (slot && !slot.handlerStarted) await release(slot);
    };
    // Before the answer leaves (onSend), whether the handler ran or not: a client's next request must find the slot
    // free. A handler that sends a stream has done its reading by then; the stream renders what it was given.
    const releaseBeforeAnswer = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (request.heavySlot) await release(request.heavySlot);
      return payload;
    };

    // The hooks belong to the heavy routes only; other requests do not pass through them.
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.heavy) return;
      addRouteHook(route, 'preParsing', acquire);
      addRouteHook(route, 'onSend', releaseBeforeAnswer);
      addRouteHook(route, 'onResponse', releaseUnhandled);
      addRouteHook(route, 'onRequestAbort', releaseUnhandled);
      // Released when the handler ends: its work is done, whatever happens to the connection.
      const handler = route.handler;
      route.handler = async function heavyHandler(this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const slot = request.heavySlot;
        if (slot) slot.handlerStarted = true;
        try {
          return await (handler as (req: FastifyRequest, rep: FastifyReply) => unknown).call(this, request, reply);
        } finally {
          if (slot) await release(slot);
        }
      } as RouteOptions['handler'];
    });
  },
  { name: 'heavy-operations', dependencies: ['db', 'heavyOperations'] },
);
