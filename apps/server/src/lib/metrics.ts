import type { Registry } from 'prom-client';
import type { DatabaseStats } from '../db/client.js';
import type { Mailer } from './mailer.js';

/**
 * The app's Prometheus metrics (docs/decisions/0048-metrics-readiness-and-online-dump.md). One set per app instance
 * (tests build several apps in one process); the process's own figures (CPU, memory, event-loop delay, GC) exist once
 * per process and are shared by every app's scrape. prom-client is loaded only when metrics are on (`METRICS_KEY`):
 * without them nothing is measured and the jobs and the mailer count into `noMetrics`.
 */

export type JobName = 'weekly_report' | 'weekly_report_catch_up' | 'reminders' | 'coverage_alerts';
/** Who started a run: the in-process scheduler or the cron endpoint. */
export type JobTrigger = 'schedule' | 'endpoint';

/**
 * The two handlers of `run.then(...countRun(job, trigger))`: they count how the run ended and pass its result or its
 * error on unchanged.
 */
export type RunCounter = readonly [<T>(result: T) => T, (error: unknown) => never];

export interface AppMetrics {
  /**
   * Counts a job's run by how it ended: ok, partial (its result counts `failed` sends) or failed (it threw). A result
   * of null means it found nothing to do yet (a catch-up before the week's run time) and is not counted.
   */
  countRun(job: JobName, trigger: JobTrigger): RunCounter;
  /** `mailer` with every send counted as sent or failed. */
  countMails(mailer: Mailer): Mailer;
}

export interface ScrapedMetrics extends AppMetrics {
  /** One finished HTTP request; `route` is the route's pattern (`/api/routes/:id`), never the URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** The text exposition of the app's and the process's metrics. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

const rethrow = (error: unknown): never => {
  throw error;
};

export const noMetrics: AppMetrics = {
  countRun: () => [(result) => result, rethrow],
  countMails: (mailer) => mailer,
};

let processRegistry: Promise<Registry> | undefined;

/**
 * The sampling interval of the event-loop histogram (prom-client's default, made explicit). Node's histogram records
 * the whole interval between two samples, so an idle process shows about this much "lag" (10.2 ms p50 at 10 ms, 1.1
 * ms at 1 ms, measured 2026-11-29): the delay is the figure minus this interval (bench/load.ts subtracts it).
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/** Node's default metrics, collected once per process (their event-loop and GC observers are never stopped). */
function processMetrics(): Promise<Registry> {
  processRegistry ??= import('prom-client').then(({ Registry, collectDefaultMetrics }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
    return registry;
  });
  return processRegistry;
}

function outcomeOf(result: unknown): 'ok' | 'partial' {
  const failed = (result as { failed?: unknown } | null)?.failed;
  return typeof failed === 'number' && failed > 0 ? 'partial' : 'ok';
}

export async function createMetrics(databaseStats: (() => DatabaseStats) | undefined): Promise<ScrapedMetrics> {
  const [{ Counter, Gauge, Histogram, Registry }, shared] = await Promise.all([
    import('prom-client'),
    processMetrics(),
  ]);
  const registers = [new Registry()];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency; its _count is the number of requests.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobRuns = new Counter({
    name: 'streckenpass_job_runs_total',
    help: 'Runs of the background jobs by how they ended (ok, partial = some sends failed, failed = the run threw).',
    labelNames: ['job', 'trigger', 'outcome'] as const,
    registers,
  });
  const jobSuccess = new Gauge({
    name: 'streckenpass_job_last_success_timestamp_seconds',
    help: 'When a run of the job last ended without an error (Unix time).',
    labelNames: ['job'] as const,
    registers,
  });
  const mails = new Counter({
    name: 'streckenpass_mails_total',
    help: 'Mails handed to SMTP or written to the outbox (sent), or refused by them (failed).',
    labelNames: ['outcome'] as const,
    registers,
  });

  const kind = databaseStats?.().kind;
  const stats = <K extends DatabaseStats['kind']>(want: K) => {
    const current = databaseStats?.();
    return current?.kind === want ? (current as Extract<DatabaseStats, { kind: K }>) : undefined;
  };
  if (kind === 'postgres') {
    new Gauge({
      name: 'streckenpass_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: busy (checked out) and idle.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = stats('postgres');
        if (!pool) return;
        this.set({ state: 'busy' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'streckenpass_db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the PostgreSQL pool.',
      registers,
      collect() {
        this.set(stats('postgres')?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'streckenpass_db_pool_max_connections',
      help: 'Size limit of the PostgreSQL pool.',
      registers,
      collect() {
        this.set(stats('postgres')?.max ?? 0);
      },
    });
  } else if (kind === 'pglite') {
    new Gauge({
      name: 'streckenpass_pglite_operations_in_flight',
      help: 'Queries and transactions of the embedded database that wait or run (it runs one at a time).',
      registers,
      collect() {
        this.set(stats('pglite')?.inFlight ?? 0);
      },
    });
    new Counter({
      name: 'streckenpass_pglite_busy_seconds_total',
      help: 'Seconds in which the embedded database had work; its rate is the utilisation (1 = never idle).',
      registers,
      collect() {
        this.reset();
        this.inc(stats('pglite')?.busySeconds ?? 0);
      },
    });
  }

  const registry = Registry.merge([shared, ...registers]);
  return {
    contentType: registry.contentType,
    scrape: () => registry.metrics(),
    observeRequest: (method, route, statusCode, seconds) => {
      requests.observe({ method, route, status_code: statusCode }, seconds);
    },
    countRun: (job, trigger) => [
      (result) => {
        if (result === null) return result;
        jobRuns.inc({ job, trigger, outcome: outcomeOf(result) });
        jobSuccess.set({ job }, Date.now() / 1000);
        return result;
      },
      (error) => {
        jobRuns.inc({ job, trigger, outcome: 'failed' });
        throw error;
      },
    ],
    countMails: (mailer) => ({
      target: mailer.target,
      send: (mail) =>
        mailer.send(mail).then(
          () => mails.inc({ outcome: 'sent' }),
          (error: unknown) => {
            mails.inc({ outcome: 'failed' });
            throw error;
          },
        ),
    }),
  };
}
