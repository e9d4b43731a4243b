import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.js';
import { settings } from './schema.js';
import { isTransactionConflict, retryOnConflict } from './transaction-retry.js';

/** What node-postgres throws for a failed statement: an Error with the SQLSTATE in `code`. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });
/** What Drizzle throws around it (DrizzleQueryError: the driver's error as `cause`). */
const wrapped = (code: string) => new Error('Failed query: insert …', { cause: pgError(code) });

const fast = { attempts: 3, baseDelayMs: 1 };

describe('isTransactionConflict', () => {
  it('knows a deadlock (40P01) and a serialization failure (40001), also as the cause of a Drizzle error', () => {
    expect(isTransactionConflict(pgError('40P01'))).toBe(true);
    expect(isTransactionConflict(pgError('40001'))).toBe(true);
    expect(isTransactionConflict(wrapped('40P01'))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      pgError('23505'),
      pgError('57P01'),
      wrapped('22P02'),
      new Error('x'),
      null,
      undefined,
      '40P01',
    ]) {
      expect(isTransactionConflict(error)).toBe(false);
    }
  });
});

describe('retryOnConflict', () => {
  it('runs again after a deadlock and answers with the run that succeeded', async () => {
    const attempts: number[] = [];
    const result = await retryOnConflict(async (attempt) => {
      attempts.push(attempt);
      if (attempt < 3) throw attempt === 1 ? pgError('40P01') : wrapped('40001');
      return 'gespeichert';
    }, fast);
    expect(result).toBe('gespeichert');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after three runs and throws the last conflict', async () => {
    let runs = 0;
    const last = pgError('40P01');
    await expect(
      retryOnConflict(async () => {
        runs += 1;
        throw runs === 3 ? last : pgError('40P01');
      }, fast),
    ).rejects.toBe(last);
    expect(runs).toBe(3);
  });

  it('does not run again after any other error', async () => {
    let runs = 0;
    const refusal = pgError('23505');
    await expect(
      retryOnConflict(async () => {
        runs += 1;
        throw refusal;
      }, fast),
    ).rejects.toBe(refusal);
    expect(runs).toBe(1);
  });

  it('waits a little, jittered, before running again', async () => {
    const started: number[] = [];
    await retryOnConflict(
      async (attempt) => {
        started.push(performance.now());
        if (attempt === 1) throw pgError('40P01');
      },
      { attempts: 2, baseDelayMs: 40 },
    );
    const pause = (started[1] ?? 0) - (started[0] ?? 0);
    expect(pause).toBeGreaterThanOrEqual(19);
    expect(pause).toBeLessThan(500);
  });
});

describe('db.transaction (the database as openDatabase opens it)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  it('runs the whole transaction again after a conflict, so that only the successful run is written', async () => {
    const { db } = testDb.database;
    let runs = 0;
    const result = await db.transaction(async (tx) => {
      runs += 1;
      await tx.insert(settings).values({ key: `retry-test-${runs}`, value: String(runs) });
      if (runs === 1) throw wrapped('40P01');
      return runs;
    });
    expect(result).toBe(2);
    const rows = await db.select().from(settings).where(like(settings.key, 'retry-test-%'));
    expect(rows).toEqual([{ key: 'retry-test-2', value: '2' }]);
  });

  it('does not retry a savepoint (a nested transaction) on its own: the outer transaction runs again', async () => {
    const { db } = testDb.database;
    let outer = 0;
    let inner = 0;
    await db.transaction(async (tx) => {
      outer += 1;
      await tx.transaction(async (savepoint) => {
        inner += 1;
        await savepoint.insert(settings).values({ key: `nested-${outer}`, value: 'x' });
        if (outer === 1) throw pgError('40001');
      });
    });
    expect({ outer, inner }).toEqual({ outer: 2, inner: 2 });
    const rows = await db.select().from(settings).where(like(settings.key, 'nested-%'));
    expect(rows.map((row) => row.key)).toEqual(['nested-2']);
  });

  it('throws other errors at once, with nothing written', async () => {
    const { db } = testDb.database;
    let runs = 0;
    await expect(
      db.transaction(async (tx) => {
        runs += 1;
        await tx.insert(settings).values({ key: 'refused', value: 'x' });
        throw pgError('23505');
      }),
    ).rejects.toThrow('SQLSTATE 23505');
    expect(runs).toBe(1);
    expect(await db.select().from(settings).where(eq(settings.key, 'refused'))).toEqual([]);
  });
});
