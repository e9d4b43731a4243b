import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which `queryKey` refetches, whether it worked or not: what is shown afterwards is what the
 * server holds (a feed revoked, a device signed off). With `after: 'success'` only once it worked (a link created or
 * revoked); the mutation counts as pending until the list has been read again.
 */
export function useRefetchingMutation<Variables = void, Result = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
  queryKey: QueryKey,
  after: 'settled' | 'success' = 'settled',
) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn,
    onSuccess: after === 'success' ? refetch : undefined,
    onSettled: after === 'settled' ? refetch : undefined,
  });
}
