import type { FastifyInstance } from 'fastify';

export interface StartUpWork<T> {
  /** Settles when the work is done. */
  done: Promise<T>;
  /** The work's result; for requests and jobs, which run only after `ready()`. */
  value(): T;
}

/**
 * Work a plugin does against the database once at start (reading its keys, subscribing to notifications, linking
 * routes to stations). It is started at registration but not awaited there, so that the rest of the app registers
 * while the database is still opening (PGlite opens in its thread meanwhile, docs/decisions/0054); `ready()`, and so
 * `listen()`, waits for it and fails with its error.
 */
export function atStart<T>(app: FastifyInstance, work: () => Promise<T>): StartUpWork<T> {
  let result: { value: T } | undefined;
  const done = work().then((value) => {
    result = { value };
    return value;
  });
  done.catch(() => {}); // reported by ready()
  app.addHook('onReady', async () => {
    await done;
  });
  return {
    done,
    value: () => {
      if (!result) throw new Error('start-up work read before the app was ready');
      return result.value;
    },
  };
}

/** Subscribes at start (see `atStart`) and unsubscribes when the app closes. */
export function listenAtStart(app: FastifyInstance, subscribe: () => Promise<() => Promise<void>>): void {
  const listening = atStart(app, subscribe);
  app.addHook('onClose', async () => {
    const unlisten = await listening.done.catch(() => undefined);
    await unlisten?.();
  });
}
