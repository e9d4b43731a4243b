import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The full list (no query parameters): the dashboard filters it on the client (seed section 4). */
export const getExpiringRoutes = (): Promise<ExpiringRoute[]> => api.get<ExpiringRoute[]>('/api/routes/expiring');

export const expiringRoutesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.routes.expiring(), queryFn: getExpiringRoutes });

export function useExpiringRoutes() {
  return useQuery(expiringRoutesQueryOptions());
}
