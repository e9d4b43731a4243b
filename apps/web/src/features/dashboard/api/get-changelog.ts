import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangelogEntry } from '@streckenpass/contract/version';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getChangelog = (): Promise<ChangelogEntry[]> =>
  api.get<ChangelogEntry[]>('/api/version/changelog', { auth: false });

export const changelogQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.changelog, queryFn: getChangelog, staleTime: 60 * 60 * 1000 });

export function useChangelog() {
  return useQuery(changelogQueryOptions());
}
