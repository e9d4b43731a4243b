import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getVehicleActivities = (): Promise<VehicleActivity[]> =>
  api.get<VehicleActivity[]>('/api/vehicle_activities');

export const vehicleActivitiesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.vehicleActivities.list(), queryFn: getVehicleActivities });

export function useVehicleActivities() {
  return useQuery(vehicleActivitiesQueryOptions());
}
