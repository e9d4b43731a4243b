import { useCallback, useState } from 'react';

/**
 * Whether an async task of a component is running (a button's `loading`), and the way to run one: done or failed,
 * the component is free again; what the task throws is still the caller's.
 */
export function useBusy(): [busy: boolean, whileBusy: <Result>(task: () => Promise<Result>) => Promise<Result>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(async <Result>(task: () => Promise<Result>) => {
    setBusy(true);
    try {
      return await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, whileBusy];
}
