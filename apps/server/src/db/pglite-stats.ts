import type { PGlite } from '@electric-sql/pglite';

/**
 * How busy the embedded database is, for the metrics (plugins/metrics.ts). PGlite runs one statement at a time (in
 * its own thread, db/pglite-worker.ts); every call waits for the ones before it. It exposes no queue length, so its three entry points that
 * the app uses (drizzle's queries and transactions, the migrator's exec) are counted here: an operation is in flight
 * from its call until it settles, whether it waits or runs. `busySeconds` adds up the time with at least one in
 * flight: its rate is the database's utilisation (1 = never idle).
 */
export interface PgliteStats {
  /** Operations waiting or running (a transaction counts once, for its whole duration). */
  inFlight: number;
  /** Seconds since the start in which at least one operation was in flight. */
  busySeconds: number;
}

type Operation = (...args: unknown[]) => Promise<unknown>;

export function trackPgliteOperations(client: Pick<PGlite, 'query' | 'exec' | 'transaction'>): () => PgliteStats {
  let inFlight = 0;
  let busyNs = 0n;
  let busySince = 0n;
  const leave = () => {
    inFlight -= 1;
    if (inFlight === 0) busyNs += process.hrtime.bigint() - busySince;
  };
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', Operation>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = target[name].bind(client);
    target[name] = (...args) => {
      if (inFlight === 0) busySince = process.hrtime.bigint();
      inFlight += 1;
      return original(...args).finally(leave);
    };
  }
  return () => {
    const open = inFlight > 0 ? process.hrtime.bigint() - busySince : 0n;
    return { inFlight, busySeconds: Number(busyNs + open) / 1e9 };
  };
}
