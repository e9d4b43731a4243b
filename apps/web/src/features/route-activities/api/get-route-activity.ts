import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getRouteActivity = (id: number): Promise<RouteActivity> =>
  api.get<RouteActivity>(`/api/route_activities/${id}`);

export const routeActivityQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.routeActivities.detail(id), queryFn: () => getRouteActivity(id) });

export function useRouteActivity(id: number) {
  return useQuery({ ...routeActivityQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
