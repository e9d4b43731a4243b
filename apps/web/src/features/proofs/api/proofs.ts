import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

export const getProofs = () => api.get<IssuedProof[]>('/api/proofs');
export const revokeProof = (code: string) => api.post<IssuedProof>(`/api/proofs/${encodeURIComponent(code)}/revoke`);

export const proofsQueryOptions = () => queryOptions({ queryKey: queryKeys.proofs, queryFn: getProofs });

export function useProofs() {
  return useQuery(proofsQueryOptions());
}

export const useRevokeProof = () => useRefetchingMutation(revokeProof, queryKeys.proofs, 'success');
