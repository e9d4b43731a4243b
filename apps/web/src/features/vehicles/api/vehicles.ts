import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVehicleInput, Vehicle, UpdateVehicleInput } from '@streckenpass/contract/vehicles';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetDeletedRecord, useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const getVehicles = (): Promise<Vehicle[]> => api.get<Vehicle[]>('/api/vehicles');
export const getVehicle = (id: number): Promise<Vehicle> => api.get<Vehicle>(`/api/vehicles/${id}`);
export const createVehicle = (input: CreateVehicleInput): Promise<Vehicle> => api.post<Vehicle>('/api/vehicles', input);
export const updateVehicle = (id: number, input: UpdateVehicleInput): Promise<Vehicle> =>
  api.patch<Vehicle>(`/api/vehicles/${id}`, input);
export const deleteVehicle = (id: number): Promise<void> => api.delete(`/api/vehicles/${id}`);

export const vehiclesQueryOptions = () => queryOptions({ queryKey: queryKeys.vehicles.list(), queryFn: getVehicles });
export const vehicleQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.vehicles.detail(id), queryFn: () => getVehicle(id) });

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}

export function useVehicle(id: number) {
  return useQuery({ ...vehicleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateVehicle() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: async (created) => {
      queryClient.setQueryData(queryKeys.vehicles.detail(created.id), created);
      await invalidate();
    },
  });
}

export function useUpdateVehicle(id: number) {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateVehicleInput) => updateVehicle(id, input),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.vehicles.detail(id), updated);
      await invalidate();
    },
  });
}

export function useDeleteVehicle() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: async (_data, id) => {
      forgetDeletedRecord(queryClient, queryKeys.vehicles.detail(id));
      await invalidate(queryKeys.vehicles.detail(id));
    },
  });
}
