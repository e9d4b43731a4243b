import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's route activities, newest (highest id) first. */
export const getRouteActivities = (): Promise<RouteActivity[]> => api.get<RouteActivity[]>('/api/route_activities');

export const routeActivitiesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.routeActivities.list(), queryFn: getRouteActivities });

export function useRouteActivities() {
  return useQuery(routeActivitiesQueryOptions());
}
