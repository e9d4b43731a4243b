import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which `queryKey` refetches, whether it worked or not: what is shown afterwards is what the
 * server holds (a feed revoked, a device signed off).
 */
export function useRefetchingMutation<Variables = void, Result = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}
