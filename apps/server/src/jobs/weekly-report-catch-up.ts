import type { FastifyBaseLogger } from 'fastify';
import { wallClockIn } from '@streckenpass/contract/format';
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

/** Whether this ISO week's scheduled run (Monday 06:00 in `timezone`) lies before `now`. */
export function isPastThisWeeksRun(now: Date, timezone: string): boolean {
  const { weekday, hour } = wallClockIn(now, timezone);
  return weekday > 1 || hour >= 6;
}

export interface CatchUpOptions {
  now?: () => Date;
  /** When to look again at claims held by another run (default: just after their lease expires). */
  retryAfterMs?: number;
  /** Timer of the retry (tests pass their own); returns a cancel function. */
  schedule?: (ms: number, run: () => void) => () => void;
}

export interface CatchUp<R extends { held: number } = DispatchResult> {
  /** The first run (null when this week's run time has not come yet); the retry, if any, follows on its own. */
  done: Promise<R | null>;
  /** Resolves when the retry, if one was scheduled, has finished. */
  settled(): Promise<void>;
  cancel(): void;
}

export function catchUpWeeklyReports(deps: WeeklyReportDeps, options: CatchUpOptions = {}): CatchUp {
  return catchUpWeekly(
    { what: 'weekly report', timezone: deps.config.timezone, log: deps.log },
    (now) => dispatchWeeklyReports(deps, { now }),
    options,
  );
}

/**
 * The catch-up of any mail sent once a week at the weekly report's time (the Disponent's coverage alert too):
 * `dispatch` sends what is due in the ISO week of `now` and says how many mails another run holds.
 */
export function catchUpWeekly<R extends { held: number }>(
  run: { what: string; timezone: string; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
  dispatch: (now: Date) => Promise<R>,
  options: CatchUpOptions = {},
): CatchUp<R> {
  const { what, log } = run;
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

  const once = async (): Promise<R | null> => {
    if (cancelled || !isPastThisWeeksRun(now(), run.timezone)) return null;
    return dispatch(now());
  };

  const done = once().then((result) => {
    if (result && result.held > 0 && !cancelled) {
      log.info({ held: result.held }, `${what}s held by another run; looking again after its lease`);
      cancelRetry = schedule(options.retryAfterMs ?? (STALE_CLAIM_MINUTES + 1) * 60_000, () => {
        retry = once().catch((err: unknown) => log.error({ err }, `${what} catch-up failed`));
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
