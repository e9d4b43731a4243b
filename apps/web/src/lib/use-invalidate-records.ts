import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { recordKeys } from './query-keys';

/** After a create, edit or delete: every list and detail on screen refetches, no reload needed. */
export function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(recordKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined),
    [queryClient],
  );
}
