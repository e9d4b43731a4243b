import type { Db } from './client.js';

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and running it again may succeed:
 * serialization failure and deadlock (the victim of a detected deadlock).
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/** A transaction that lost a conflict with another one (40001 / 40P01), also when wrapped by Drizzle (`cause`). */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}

export interface RetryPolicy {
  /** Runs in all, the first one included. */
  attempts: number;
  /** Pause before the second run; it doubles for each further one, and each pause is jittered by ±50 %. */
  baseDelayMs: number;
}

export const TRANSACTION_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 20 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` (one whole transaction) again when it failed with a conflict, at most `policy.attempts` times in all,
 * after a short jittered pause (two transactions that deadlocked must not meet again in lockstep). Any other error,
 * and the conflict of the last run, is thrown as it is.
 */
export async function retryOnConflict<T>(
  run: (attempt: number) => Promise<T>,
  policy: RetryPolicy = TRANSACTION_RETRY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt >= policy.attempts || !isTransactionConflict(error)) throw error;
      await pause(policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

/**
 * Makes every top-level `db.transaction(work)` run `work` again in a new transaction when PostgreSQL aborted it as a
 * deadlock victim or for a serialization failure (docs/decisions/0034-lock-order-and-retry.md). Only the outermost
 * transaction retries (a nested one is a savepoint of it, and the conflict has aborted the outer one anyway), and
 * it retries before the caller gets anything back: no answer is sent from inside a transaction, and what the
 * transaction writes besides the data (idempotency key, data version) is rolled back and written again with it.
 */
export function retryTransactions(db: Db, policy: RetryPolicy = TRANSACTION_RETRY): Db {
  const begin = db.transaction.bind(db);
  const transaction: Db['transaction'] = (work, config) => retryOnConflict(() => begin(work, config), policy);
  return Object.assign(db, { transaction });
}
