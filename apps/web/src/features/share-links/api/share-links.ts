import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, CreateShareLinkInput, ShareLink } from '@streckenpass/contract/share-links';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getShareLinks = () => api.get<ShareLink[]>('/api/share_links');
export const createShareLink = (input: CreateShareLinkInput) => api.post<CreatedShareLink>('/api/share_links', input);
export const revokeShareLink = (id: number) => api.post<ShareLink>(`/api/share_links/${id}/revoke`);

export const shareLinksQueryOptions = () => queryOptions({ queryKey: queryKeys.shareLinks, queryFn: getShareLinks });

export function useShareLinks() {
  return useQuery(shareLinksQueryOptions());
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks }),
  });
}
