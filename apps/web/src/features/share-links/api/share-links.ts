import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatedShareLink, CreateShareLinkInput, ShareLink } from '@streckenpass/contract/share-links';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

export const getShareLinks = () => api.get<ShareLink[]>('/api/share_links');
export const createShareLink = (input: CreateShareLinkInput) => api.post<CreatedShareLink>('/api/share_links', input);
export const revokeShareLink = (id: number) => api.post<ShareLink>(`/api/share_links/${id}/revoke`);

export const shareLinksQueryOptions = () => queryOptions({ queryKey: queryKeys.shareLinks, queryFn: getShareLinks });

export function useShareLinks() {
  return useQuery(shareLinksQueryOptions());
}

export const useCreateShareLink = () => useRefetchingMutation(createShareLink, queryKeys.shareLinks, 'success');
export const useRevokeShareLink = () => useRefetchingMutation(revokeShareLink, queryKeys.shareLinks, 'success');
