import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTourInput, Tour, UpdateTourInput } from '@streckenpass/contract/tours';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetDeletedRecord, useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const getTours = (): Promise<Tour[]> => api.get<Tour[]>('/api/tours');
export const getTour = (id: number): Promise<Tour> => api.get<Tour>(`/api/tours/${id}`);
export const createTour = (input: CreateTourInput): Promise<Tour> => api.post<Tour>('/api/tours', input);
export const updateTour = (id: number, input: UpdateTourInput): Promise<Tour> =>
  api.patch<Tour>(`/api/tours/${id}`, input);
export const deleteTour = (id: number): Promise<void> => api.delete(`/api/tours/${id}`);

export const toursQueryOptions = () => queryOptions({ queryKey: queryKeys.tours.list(), queryFn: getTours });
export const tourQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.tours.detail(id), queryFn: () => getTour(id) });

export function useTours() {
  return useQuery(toursQueryOptions());
}

export function useTour(id: number) {
  return useQuery({ ...tourQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateTour() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTour,
    onSuccess: async (created) => {
      queryClient.setQueryData(queryKeys.tours.detail(created.id), created);
      await invalidate();
    },
  });
}

export function useUpdateTour(id: number) {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTourInput) => updateTour(id, input),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.tours.detail(id), updated);
      await invalidate();
    },
  });
}

export function useDeleteTour() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTour,
    onSuccess: async (_data, id) => {
      forgetDeletedRecord(queryClient, queryKeys.tours.detail(id));
      await invalidate(queryKeys.tours.detail(id));
    },
  });
}
