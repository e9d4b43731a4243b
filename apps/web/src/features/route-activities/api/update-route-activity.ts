import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteActivity, UpdateRouteActivityInput } from '@streckenpass/contract/route-activities';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const updateRouteActivity = (id: number, input: UpdateRouteActivityInput): Promise<RouteActivity> =>
  api.patch<RouteActivity>(`/api/route_activities/${id}`, input);

export function useUpdateRouteActivity(id: number) {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRouteActivityInput) => updateRouteActivity(id, input),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.routeActivities.detail(id), updated);
      await invalidate();
    },
  });
}
