import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRouteInput, Route, UpdateRouteInput } from '@streckenpass/contract/routes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetDeletedRecord, useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const getRoutes = (): Promise<Route[]> => api.get<Route[]>('/api/routes');
export const getRoute = (id: number): Promise<Route> => api.get<Route>(`/api/routes/${id}`);
export const createRoute = (input: CreateRouteInput): Promise<Route> => api.post<Route>('/api/routes', input);
export const updateRoute = (id: number, input: UpdateRouteInput): Promise<Route> =>
  api.patch<Route>(`/api/routes/${id}`, input);
export const deleteRoute = (id: number): Promise<void> => api.delete(`/api/routes/${id}`);

export const routesQueryOptions = () => queryOptions({ queryKey: queryKeys.routes.list(), queryFn: getRoutes });
export const routeQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.routes.detail(id), queryFn: () => getRoute(id) });

export function useRoutes() {
  return useQuery(routesQueryOptions());
}

export function useRoute(id: number) {
  return useQuery({ ...routeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateRoute() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoute,
    onSuccess: async (created) => {
      queryClient.setQueryData(queryKeys.routes.detail(created.id), created);
      await invalidate();
    },
  });
}

export function useUpdateRoute(id: number) {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRouteInput) => updateRoute(id, input),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.routes.detail(id), updated);
      await invalidate();
    },
  });
}

export function useDeleteRoute() {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: async (_data, id) => {
      forgetDeletedRecord(queryClient, queryKeys.routes.detail(id));
      await invalidate(queryKeys.routes.detail(id));
    },
  });
}
