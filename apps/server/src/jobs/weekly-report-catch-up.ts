import {
  dispatchWeeklyReports,
  STALE_CLAIM_MINUTES,
  type DispatchResult,
  type WeeklyReportDeps,
} from './weekly-report.js';

/**
 * Catch-up of the weekly report at start-up. The scheduler fires only on Monday 06:00: an instance that was down
 * then, or that crashed in the middle of the run (leaving claims that nobody settles), would leave that week's
 * reports unsent until an external cron call. So every start sends the current week's due, unsent reports once
 * this week's run time has passed; and if another run still holds claims (its lease of STALE_CLAIM_MINUTES has
 * not expired — it may be the crashed predecessor), it runs once more when the lease has expired. The claims in
 * weekly_report_log keep every report single however many instances do this at once (decision 0002, 0012).
 */

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Whether this ISO week's scheduled run (Monday 06:00 in `timezone`) lies before `now`. */
export function isPastThisWeeksRun(now: Date, timezone: string): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const weekday = WEEKDAYS.indexOf(parts.find((part) => part.type === 'weekday')?.value ?? '');
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  return weekday > 0 || hour >= 6;
}

export interface CatchUpOptions {
  now?: () => Date;
  /** When to look again at claims held by another run (default: just after their lease expires). */
  retryAfterMs?: number;
  /** Timer of the retry (tests pass their own); returns a cancel function. */
  schedule?: (ms: number, run: () => void) => () => void;
}

export interface CatchUp {
  /** The first run (null when this week's run time has not come yet); the retry, if any, follows on its own. */
  done: Promise<DispatchResult | null>;
  /** Resolves when the retry, if one was scheduled, has finished. */
  settled(): Promise<void>;
  cancel(): void;
}

export function catchUpWeeklyReports(deps: WeeklyReportDeps, options: CatchUpOptions = {}): CatchUp {
  const now = options.now ?? (() => new Date());
  const schedule =
    options.schedule ??
    ((ms: number, run: () => void) => {
      const timer = setTimeout(run, ms);
      timer.unref();
      return () => clearTimeout(timer);
    });
  let cancelRetry: (() => void) | undefined;
  let retry: Promise<unknown> = Promise.resolve();
  let cancelled = false;

  const run = async (): Promise<DispatchResult | null> => {
    if (cancelled || !isPastThisWeeksRun(now(), deps.config.timezone)) return null;
    const result = await dispatchWeeklyReports(deps, { now: now() });
    return result;
  };

  const done = run().then((result) => {
    if (result && result.held > 0 && !cancelled) {
      deps.log.info({ held: result.held }, 'weekly reports held by another run; looking again after its lease');
      cancelRetry = schedule(options.retryAfterMs ?? (STALE_CLAIM_MINUTES + 1) * 60_000, () => {
        retry = run().catch((err: unknown) => deps.log.error({ err }, 'weekly report catch-up failed'));
      });
    }
    return result;
  });

  return {
    done,
    settled: async () => {
      await done.catch(() => {});
      await retry;
    },
    cancel: () => {
      cancelled = true;
      cancelRetry?.();
    },
  };
}
