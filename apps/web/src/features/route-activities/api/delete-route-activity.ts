import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetDeletedRecord, useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const deleteRouteActivity = (id: number): Promise<void> => api.delete(`/api/route_activities/${id}`);

/**
 * Deletes a route activity (its vehicle activities go with it). Success or not, the lists refetch, so what the
 * user sees afterwards is what the server holds (a failed delete is only logged, seed section 8).
 */
export function useDeleteRouteActivity() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRouteActivity,
    onSuccess: (_data, id) => forgetDeletedRecord(queryClient, queryKeys.routeActivities.detail(id)),
    onError: (error, id) => console.error(`Streckenaktivität ${id} konnte nicht gelöscht werden`, error),
    onSettled: (_data, error, id) => invalidate(error ? undefined : queryKeys.routeActivities.detail(id)),
  });
}
