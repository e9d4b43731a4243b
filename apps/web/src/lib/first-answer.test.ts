import { describe, expect, it } from 'vitest';
import {
  expectStoredQueries,
  isAwaitingFirstAnswer,
  noteStoredQueriesRestored,
  storedQueriesRestored,
} from './first-answer';

describe('isAwaitingFirstAnswer', () => {
  it('waits only for a query without data whose answer is on its way', () => {
    expect(isAwaitingFirstAnswer({ data: undefined, isError: false, fetchStatus: 'fetching' })).toBe(true);
    // Offline: the request waits for the connection; the page shows what it has and says so.
    expect(isAwaitingFirstAnswer({ data: undefined, isError: false, fetchStatus: 'paused' })).toBe(false);
    expect(isAwaitingFirstAnswer({ data: undefined, isError: true, fetchStatus: 'idle' })).toBe(false);
    // A refetch of data already shown does not hold the page.
    expect(isAwaitingFirstAnswer({ data: [], isError: false, fetchStatus: 'fetching' })).toBe(false);
    // A disabled query (signed out) has nothing on its way.
    expect(isAwaitingFirstAnswer({ data: undefined, isError: false, fetchStatus: 'idle' })).toBe(false);
  });
});

describe('storedQueriesRestored', () => {
  it('resolves at once when no stored copy is expected, and otherwise once the restore is over', async () => {
    let resumed = false;
    await storedQueriesRestored();
    expectStoredQueries();
    const waiting = storedQueriesRestored().then(() => (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(false);
    noteStoredQueriesRestored();
    await waiting;
    expect(resumed).toBe(true);
  });
});
