import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useIsAuthenticated } from '../store';

export const getCurrentUser = (): Promise<User> => api.get<User>('/api/users/current');

export const currentUserQueryOptions = () => queryOptions({ queryKey: queryKeys.currentUser, queryFn: getCurrentUser });

export function useCurrentUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({ ...currentUserQueryOptions(), enabled: authenticated });
}
